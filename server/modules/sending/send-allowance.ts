import { and, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Database } from '../../db/client';
import { type EmailAccountRow, emailAccounts, type UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';

/** One send taken from an account's allowance on the user's local day `day`. */
export type Reservation = { accountId: number; day: string };

/** The account has used its daily limit; it may send again at the user's next local midnight. */
export class DailyLimitError extends DomainError {
  readonly code = 'daily_limit';

  constructor(
    readonly account: Pick<EmailAccountRow, 'id' | 'email' | 'dailyLimit'>,
    readonly resumesAt: Date,
    now: Date,
  ) {
    super(
      `${account.email} has reached its daily limit of ${account.dailyLimit} emails. Sending resumes after midnight.`,
      Math.max(1, Math.ceil((resumesAt.getTime() - now.getTime()) / 1000)),
    );
  }
}

export type SendAllowance = ReturnType<typeof createSendAllowance>;

/**
 * An account's daily sending allowance, counted on the account owner's local day: test mails, campaigns and
 * replies all take from it here. The "new day" rule lives only here: a counter from an earlier local day counts
 * as 0, and a rate-limited account is active again once its day is over.
 */
export function createSendAllowance(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const today = (user: Pick<UserRow, 'timezone'>) => localDay(clock.now(), user.timezone);

  return {
    today,

    /** What the account has sent today and its status as of now, for showing it. */
    current(account: EmailAccountRow, user: Pick<UserRow, 'timezone'>) {
      const sameDay = account.lastResetDate === today(user);
      return {
        sentToday: sameDay ? account.sentToday : 0,
        status: account.status === 'rate_limited' && !sameDay ? ('active' as const) : account.status,
      };
    },

    /**
     * Takes one send from the account's allowance in a single statement, so concurrent senders (any number of
     * processes) cannot exceed it. At the limit, an active account becomes rate limited and DailyLimitError says
     * when it may send again.
     */
    async reserve(user: Pick<UserRow, 'timezone'>, account: EmailAccountRow): Promise<Reservation> {
      const day = today(user);
      const [reserved] = await db
        .update(emailAccounts)
        .set({
          sentToday: sql`CASE WHEN ${emailAccounts.lastResetDate} = ${day} THEN ${emailAccounts.sentToday} + 1 ELSE 1 END`,
          lastResetDate: day,
          status: sql`CASE WHEN ${emailAccounts.status} = 'rate_limited' THEN 'active' ELSE ${emailAccounts.status} END`,
        })
        .where(
          and(
            eq(emailAccounts.id, account.id),
            sql`(${emailAccounts.lastResetDate} IS DISTINCT FROM ${day} OR ${emailAccounts.sentToday} < ${emailAccounts.dailyLimit})`,
          ),
        )
        .returning({ id: emailAccounts.id });
      if (reserved) return { accountId: reserved.id, day };
      // Only an active account becomes rate limited; an authentication error stays visible.
      await db
        .update(emailAccounts)
        .set({ status: 'rate_limited' })
        .where(and(eq(emailAccounts.id, account.id), eq(emailAccounts.status, 'active')));
      const now = clock.now();
      throw new DailyLimitError(account, nextLocalMidnight(now, user.timezone), now);
    },

    /** Gives back a send that did not go, on the day it was counted (it may be past midnight by now). */
    async release(reservation: Reservation) {
      await db
        .update(emailAccounts)
        .set({ sentToday: sql`greatest(${emailAccounts.sentToday} - 1, 0)` })
        .where(and(eq(emailAccounts.id, reservation.accountId), eq(emailAccounts.lastResetDate, reservation.day)));
    },
  };
}

/** The calendar date (YYYY-MM-DD) it is at `at` in the IANA zone `timeZone`. */
export function localDay(at: Date, timeZone: string): string {
  return DateTime.fromJSDate(at, { zone: timeZone }).toISODate() ?? '';
}

/** The instant the next local day starts in `timeZone` (DST-aware: not always 24 h after the last). */
export function nextLocalMidnight(at: Date, timeZone: string): Date {
  return DateTime.fromJSDate(at, { zone: timeZone }).startOf('day').plus({ days: 1 }).toJSDate();
}
