import { type SQL, sql } from 'drizzle-orm';
import type { TrackingEventRow } from '../../db/schema';

// Written with table names on purpose: in a select list Drizzle prints columns without their table, and inside
// these subqueries an unqualified "id" would be the tracking event's own.

/** Whether the campaign row has a person's (not a machine's) tracking event of one of these kinds. */
export const humanEvent = (kinds: TrackingEventRow['kind'][]) =>
  sql`EXISTS (SELECT 1 FROM tracking_events e WHERE e.recipient_id = campaign_recipients.id AND NOT e.machine
    AND e.kind IN (${sql.join(
      kinds.map((kind) => sql`${kind}`),
      sql`, `,
    )}))`;

/** The machine hits (privacy proxies, link scanners) on the campaign row, kept but left out of the figures. */
export const machineEventCount = sql`(SELECT count(*) FROM tracking_events e
  WHERE e.recipient_id = campaign_recipients.id AND e.machine)`;

/**
 * When a campaign mail got its outcome: sent_at once accepted; a refused or unknown mail has none, and its last
 * claim is when it was tried.
 */
export const outcomeAt = sql`coalesce(campaign_recipients.sent_at, campaign_recipients.claimed_at)`;

/** The campaign mails whose outcome came at or after `start`; no condition without a start (all time). */
export function outcomeSince(start: Date | null): SQL | undefined {
  return start ? sql`${outcomeAt} >= ${start.toISOString()}::timestamptz` : undefined;
}
