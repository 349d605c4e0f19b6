import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/**
 * The page a URL leads to, as booking links compare: scheme and host in lower case, then the path without its
 * trailing slash; the query and fragment are left out, so a booking URL with `?utm_source=…` matches clicks on
 * the same page. Anything that is not an absolute URL is NULL and matches nothing.
 */
export const pageOf = (url: SQL) =>
  sql`lower(substring(${url} from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*'))
    || rtrim(substring(${url} from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*([^?#]*)'), '/')`;

/** The pages of the user's booking links (users.booking_urls), one row each, column `page`. */
export const bookingPagesOf = (userId: string) =>
  sql`SELECT DISTINCT ${pageOf(sql`url`)} AS page FROM users, unnest(users.booking_urls) AS url WHERE users.id = ${userId}`;

/**
 * The user's leads with a meeting recorded by a Cal.com or Calendly receiver that was not cancelled, column
 * `lead_id` (meetings_user_lead_idx).
 */
export const leadsWithReceivedMeetings = (userId: string) =>
  sql`SELECT lead_id FROM meetings WHERE user_id = ${userId} AND canceled_at IS NULL`;

/**
 * Meetings booked: the user's leads with a response marked "Meeting booked", with a person's (not a scanner's)
 * click on one of the user's booking links, or with a meeting a receiver recorded and that stands; a lead counts
 * once. The clicks read are only the user's human clicks on those pages (tracking_events_user_click_page_idx, with
 * their lead on them), none without links.
 */
export async function countMeetingsBooked(db: Database, userId: string): Promise<number> {
  const [row] = await queryRows<{ meetings: number }>(
    db,
    sql`WITH booking_pages AS (${bookingPagesOf(userId)})
        SELECT count(DISTINCT lead_id)::int AS meetings FROM (
          SELECT lead_id FROM inbound_messages
          WHERE user_id = ${userId} AND kind = 'reply' AND meeting_booked_at IS NOT NULL
          UNION
          SELECT e.lead_id FROM tracking_events e
          WHERE e.user_id = ${userId} AND e.kind = 'click' AND NOT e.machine
            AND EXISTS (SELECT 1 FROM booking_pages)
            AND ${pageOf(sql`e.url`)} IN (SELECT page FROM booking_pages)
          UNION
          ${leadsWithReceivedMeetings(userId)}
        ) AS booked`,
  );
  return row?.meetings ?? 0;
}
