import { sql } from 'drizzle-orm';
import type { SqlRunner } from '../../jobs/transaction-sql';
import { pageOf } from '../shared/meetings';
import { type MailOfEvent, webhookEmail, webhookLead } from '../webhooks/webhook-data';
import type { WebhookEmitter, WebhookEvent } from '../webhooks/webhook-emitter';
import type { SentMail } from './hit-rows';

/** A sent mail as its hits are weighed, with its lead and, for a campaign mail, what its events say of it. */
export type TrackedMail = SentMail & { leadId: number | null; ofEvent: MailOfEvent | null };

/** An event row as the group's insert left it: `inserted` when it is new, not a repeat added to a stored one. */
export type StoredEvent = {
  id: number;
  recipientId: number;
  kind: 'open' | 'click';
  url: string | null;
  machine: boolean;
  inserted: boolean;
  at: Date;
};

type BookingClick = {
  userId: string;
  leadId: number;
  atMs: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  status: string;
};

/** The pages of the booking links of the user of tracking_events row `e` (users.booking_urls). */
const bookingPagesOfEventUser = sql`SELECT ${pageOf(sql`b.url`)} FROM users u, unnest(u.booking_urls) AS b(url)
  WHERE u.id = e.user_id`;

/**
 * Among a group's new clicks of people, the first on one of their user's booking links of each lead who had none
 * stored before (a lead books once), with the lead. Reads the clicks by id, and earlier ones through
 * tracking_events_user_click_page_idx.
 */
async function firstBookingClicks(runner: SqlRunner, clickIds: number[]): Promise<BookingClick[]> {
  const ids = sql`${sql.param(clickIds)}::bigint[]`;
  const result = (await runner.execute(sql`
    SELECT DISTINCT ON (e.lead_id) e.user_id AS "userId", e.lead_id::int AS "leadId",
      (extract(epoch FROM e.created_at) * 1000)::float8 AS "atMs",
      l.email, l.first_name AS "firstName", l.last_name AS "lastName", l.company, l.status
    FROM tracking_events e
    JOIN leads l ON l.id = e.lead_id
    WHERE e.id = ANY(${ids})
      AND ${pageOf(sql`e.url`)} IN (${bookingPagesOfEventUser})
      AND NOT EXISTS (
        SELECT 1 FROM tracking_events p
        WHERE p.user_id = e.user_id AND p.kind = 'click' AND NOT p.machine AND p.lead_id = e.lead_id
          AND p.id <> ALL(${ids})
          AND ${pageOf(sql`p.url`)} IN (${bookingPagesOfEventUser}))
    ORDER BY e.lead_id, e.id`)) as unknown as { rows: BookingClick[] };
  return result.rows;
}

/**
 * Queues a group's webhook events in its transaction: `email.opened` and `email.clicked` for each new event of a
 * person on a campaign mail (machines' are left out, as are repeats within an event's minute and hits past a
 * mail's ceiling, which store no event), and `meeting.booked` for a lead's first click on a booking link.
 */
export async function emitHitEvents(
  webhookEvents: WebhookEmitter,
  runner: SqlRunner,
  stored: StoredEvent[],
  mails: Map<number, TrackedMail>,
) {
  const events: WebhookEvent[] = [];
  const peoplesClicks: number[] = [];
  for (const event of stored) {
    const mail = mails.get(event.recipientId);
    if (!event.inserted || event.machine || !mail) continue;
    if (event.kind === 'click' && mail.leadId !== null) peoplesClicks.push(event.id);
    if (!mail.ofEvent) continue;
    const email = webhookEmail(mail.ofEvent);
    const at = event.at;
    const common = { userId: mail.userId, leadId: mail.leadId, at };
    events.push(
      event.kind === 'open'
        ? { ...common, type: 'email.opened', data: { email, openedAt: at.toISOString() } }
        : { ...common, type: 'email.clicked', data: { email, url: event.url ?? '', clickedAt: at.toISOString() } },
    );
  }
  if (peoplesClicks.length > 0) {
    for (const click of await firstBookingClicks(runner, peoplesClicks)) {
      const at = new Date(click.atMs);
      events.push({
        userId: click.userId,
        type: 'meeting.booked',
        data: {
          lead: webhookLead({ ...click, id: click.leadId }),
          meeting: { source: 'link', startsAt: null, endsAt: null, bookedAt: at.toISOString() },
        },
        leadId: click.leadId,
        at,
      });
    }
  }
  await webhookEvents.emit(runner, events);
}
