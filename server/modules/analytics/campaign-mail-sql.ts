import { type SQL, sql } from 'drizzle-orm';

/**
 * When a campaign mail got its outcome: sent_at once accepted; a refused or unknown mail has none, and its last
 * claim is when it was tried. Written with table names on purpose: inside subqueries Drizzle prints columns bare.
 */
const outcomeAt = sql`coalesce(campaign_recipients.sent_at, campaign_recipients.claimed_at)`;

/** The campaign mails whose outcome came at or after `start`; no condition without a start (all time). */
export function outcomeSince(start: Date | null): SQL | undefined {
  return start ? sql`${outcomeAt} >= ${start.toISOString()}::timestamptz` : undefined;
}
