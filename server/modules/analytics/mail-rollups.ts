import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { type AnalyticsRange, rangeStart } from '../../../contract/analytics';
import { mailRollups, type UserRow } from '../../db/schema';

/**
 * The campaign mails' figures as the analytics read them: sums over `mail_rollups`, which triggers keep per local
 * hour (migration 0015, decision 0020). A mail counts in the local day and hour it got its outcome, with what
 * happened to it later; a range keeps the mails whose outcome came since its start (a local midnight).
 */
export const rollupSums = {
  /** Mails with an outcome: accepted, refused or unknown. */
  mails: sql<number>`coalesce(sum(${mailRollups.mails}), 0)::int`,
  delivered: sql<number>`coalesce(sum(${mailRollups.delivered}), 0)::int`,
  /** Delivered mails a person opened or clicked (machine hits left out, decision 0014). */
  opened: sql<number>`coalesce(sum(${mailRollups.opened}), 0)::int`,
  clicked: sql<number>`coalesce(sum(${mailRollups.clicked}), 0)::int`,
  /** Mails answered, whatever their state. */
  replied: sql<number>`coalesce(sum(${mailRollups.replied}), 0)::int`,
  /** Delivered mails answered: the base of reply rates over delivered mails. */
  deliveredReplied: sql<number>`coalesce(sum(${mailRollups.deliveredReplied}), 0)::int`,
  machineEvents: sql<number>`coalesce(sum(${mailRollups.machineEvents}), 0)::int`,
  /** Leads whose first campaign mail came in the range, and of those the ones who answered. */
  leadsMailed: sql<number>`coalesce(sum(${mailRollups.leadsMailed}), 0)::int`,
  leadsReplied: sql<number>`coalesce(sum(${mailRollups.leadsReplied}), 0)::int`,
};

/** The figures of contract/mail-figures.ts, summed over rollup rows: the one definition every screen reads. */
export const mailCountSums = {
  sent: rollupSums.mails,
  delivered: rollupSums.delivered,
  opened: rollupSums.opened,
  clicked: rollupSums.clicked,
  responded: rollupSums.replied,
};

/** The user's local date a range starts on (yyyy-MM-dd). */
export function rangeStartDay(user: UserRow, range: AnalyticsRange, now: Date): string {
  return DateTime.fromJSDate(rangeStart(range, now, user.timezone), { zone: user.timezone }).toISODate() as string;
}

/** The user's rollup rows, from a local day on (all of them without one). */
export function rollupsOf(user: UserRow, fromDay: string | null): SQL | undefined {
  return and(eq(mailRollups.userId, user.id), fromDay === null ? undefined : gte(mailRollups.day, fromDay));
}
