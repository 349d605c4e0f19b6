import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { WARMUP_FIRST_DAY_LIMIT, type WarmupAccount, warmupToday } from '../../../contract/warmup';
import type { Database } from '../../db/client';
import { type EmailAccountRow, emailAccounts, type UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { localDay, nextLocalMidnight } from '../../lib/local-time';
import type { SenderConnection } from './transport-registry';

/** One send taken from an account's allowance on the user's local day `day`. */
export type Reservation = { accountId: number; day: string };

/** The account has used its daily limit; it may send again at the user's next local midnight. */
export class DailyLimitError extends DomainError {
  readonly code = 'daily_limit';

  constructor(
    /** dailyLimit: the limit it reached today, after warm-up. */
    readonly account: Pick<EmailAccountRow, 'id' | 'email' | 'dailyLimit'>,
    readonly resumesAt: Date,
    now: Date,
    /** Every mailbox at its limit (several with inbox rotation). */
    readonly emails: string[] = [account.email],
    /** Those mailboxes' ramp columns, so a waiting campaign can say which limit it waits for and till when. */
    readonly mailboxes: Array<WarmupAccount & { email: string }> = [],
  ) {
    const warmingUp = mailboxes.length === 1 && account.dailyLimit < mailboxes[0].dailyLimit;
    super(
      warmingUp
        ? `${account.email} has reached today's warm-up limit of ${account.dailyLimit} emails (it rises each day to its daily limit of ${mailboxes[0].dailyLimit}). Sending resumes after midnight.`
        : `${account.email} has reached its daily limit of ${account.dailyLimit} emails. Sending resumes after midnight.`,
      Math.max(1, Math.ceil((resumesAt.getTime() - now.getTime()) / 1000)),
    );
  }
}

/** None of the mailboxes can send: each is in error or gone. */
export class NoSendingAccountError extends DomainError {
  readonly code = 'no_sending_account';
}

/**
 * A send taken from one of several mailboxes, and the moment its pace lets it go, with the mailbox's connection
 * as stored at that moment (so the send need not read it again).
 */
export type RotatingReservation = {
  reservation: Reservation;
  account: EmailAccountRow;
  connection: SenderConnection;
  sendAt: Date;
  /** The moment the reservation was taken at: a slot at it is due at once. */
  takenAt: Date;
};

export type SendAllowance = ReturnType<typeof createSendAllowance>;

/**
 * An account's daily sending allowance, counted on the account owner's local day: test mails, campaigns and
 * replies all take from it here. The "new day" rule lives only here: a counter from an earlier local day counts
 * as 0, and a rate-limited account is active again once its day is over. The limit is the one after warm-up
 * (contract/warmup.ts), on the same local day.
 */
export function createSendAllowance(deps: { db: Database; clock: Clock; random?: () => number }) {
  const { db, clock, random = Math.random } = deps;
  const today = (user: Pick<UserRow, 'timezone'>) => localDay(clock.now(), user.timezone);
  /** The account as at its limit today: its dailyLimit replaced by the one after warm-up. */
  const withLimitToday = (account: EmailAccountRow, day: string) => ({
    ...account,
    dailyLimit: warmupToday(account, day).limitToday,
  });

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

    /** Where the account is on its warm-up ramp today, and so its effective daily limit. */
    warmup(account: EmailAccountRow, user: Pick<UserRow, 'timezone'>) {
      return warmupToday(account, today(user));
    },

    /**
     * Takes one send from the account's allowance in a single statement, so concurrent senders (any number of
     * processes) cannot exceed it. At the limit, an active account becomes rate limited and DailyLimitError says
     * when it may send again.
     */
    async reserve(user: Pick<UserRow, 'timezone'>, account: EmailAccountRow): Promise<Reservation> {
      const day = today(user);
      const limited = withLimitToday(account, day);
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
            sql`(${emailAccounts.lastResetDate} IS DISTINCT FROM ${day} OR ${emailAccounts.sentToday} < ${limited.dailyLimit})`,
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
      throw new DailyLimitError(limited, nextLocalMidnight(now, user.timezone), now, [account.email], [account]);
    },

    /**
     * Inbox rotation with a pace, the rule of rotatingReservationCte: of the user's mailboxes `accountIds`, the one
     * not in error and under its daily limit whose pace lets it send soonest gives one send from its day and its next
     * pace slot, in one statement under the account's row lock, so any number of senders keep both the limit and the
     * pace. The gap after each mail is 60/sendsPerMinute seconds plus up to half as much again at random, so mails
     * never come faster than the pace and never at a machine's regular beat. The campaign engine's statement
     * (campaigns/engine/reservation.ts) runs it; these are its parameters, its answer, and why none could send.
     */
    rotationParameters(user: Pick<UserRow, 'id' | 'timezone'>, accountIds: number[]) {
      const day = today(user);
      const now = clock.now();
      const parameters: ReservationParameters = {
        now: now.toISOString(),
        day,
        userId: user.id,
        accountIds: `{${accountIds.join(',')}}`,
        jitter: 1 + random() / 2,
      };
      return { parameters, day, now };
    },

    /** The `reserved` row of rotatingReservationCte as the send it stands for. */
    rotatingReservationOf(reserved: ReservedRow, day: string, now: Date): RotatingReservation {
      const { slot, connectionProvider, connectionCredentials, ...account } = reserved;
      const connection = { id: account.connectionId, provider: connectionProvider, credentials: connectionCredentials };
      return { reservation: { accountId: account.id, day }, account, connection, sendAt: slot, takenAt: now };
    },

    /**
     * The statement reserved nothing: every mailbox is at its limit (DailyLimitError, naming them all, until the
     * user's midnight; the active ones become rate limited) or none can send at all (NoSendingAccountError).
     */
    async whyNoMailboxCanSend(
      user: Pick<UserRow, 'id' | 'timezone'>,
      accountIds: number[],
      day: string,
      now: Date,
    ): Promise<never> {
      const mailboxes = await db
        .select()
        .from(emailAccounts)
        .where(and(inArray(emailAccounts.id, accountIds), eq(emailAccounts.userId, user.id)))
        // In the order they were connected, so the waiting reason names them the same way every time.
        .orderBy(emailAccounts.id);
      const sending = mailboxes.filter((account) => account.status !== 'error');
      const atLimit = sending.map((account) => withLimitToday(account, day));
      if (atLimit.length === 0) throw new NoSendingAccountError('None of the campaign’s mailboxes can send');
      // Only an active account becomes rate limited; an authentication error stays visible.
      await db
        .update(emailAccounts)
        .set({ status: 'rate_limited' })
        .where(and(inArray(emailAccounts.id, accountIds), eq(emailAccounts.status, 'active')));
      throw new DailyLimitError(
        atLimit[0],
        nextLocalMidnight(now, user.timezone),
        now,
        atLimit.map((account) => account.email),
        sending,
      );
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

/**
 * An account's daily limit on the user's local date `day` (a text placeholder), after warm-up: the rule of
 * contract/warmup.ts written in SQL, so the statement that runs before every campaign mail need not read the
 * accounts first. `send-allowance.test.ts` checks it against warmupToday for random accounts and days.
 */
export function warmupLimitTodaySql(day: SQL) {
  return sql`CASE WHEN ${emailAccounts.warmupEnabled} THEN least(${emailAccounts.dailyLimit},
      ${WARMUP_FIRST_DAY_LIMIT} + (greatest(1, (${day}::date - coalesce(${emailAccounts.warmupStartDate}, ${day})::date) + 1) - 1)
        * ${emailAccounts.warmupDailyStep})
    ELSE ${emailAccounts.dailyLimit} END`;
}

/** The placeholders of rotatingReservationCte. */
export type ReservationParameters = {
  now: string;
  day: string;
  userId: UserRow['id'];
  accountIds: string;
  jitter: number;
};
export type ReservedRow = EmailAccountRow & { slot: Date; connectionProvider: string; connectionCredentials: string };
/**
 * The rotating reservation (rotationParameters) as a CTE named `reserved`: the account row, its pace `slot` and its
 * connection, for the statement that goes on from it. Its placeholders are ReservationParameters.
 */
export function rotatingReservationCte(db: Database) {
  return db
    .$with('reserved', {
      ...getTableColumns(emailAccounts),
      slot: sql<Date>`slot`.mapWith(emailAccounts.nextSendAt).as('slot'),
      connectionProvider: sql<string>`connection_provider`.as('connection_provider'),
      connectionCredentials: sql<string>`connection_credentials`.as('connection_credentials'),
    })
    .as(
      // The slot in whole milliseconds, as JavaScript's clock tells time, so that "due now" means the same to the
      // statements that go on from it and to the caller that reads it back.
      sql`WITH chosen AS (
            SELECT id, date_trunc('milliseconds', greatest(coalesce(next_send_at, ${sql.placeholder('now')}::timestamptz),
              ${sql.placeholder('now')}::timestamptz)) AS slot
            FROM email_accounts
            WHERE id = ANY(${sql.placeholder('accountIds')}::bigint[])
              AND user_id = ${sql.placeholder('userId')} AND status <> 'error'
              AND (last_reset_date IS DISTINCT FROM ${sql.placeholder('day')}
                OR sent_today < ${warmupLimitTodaySql(sql`${sql.placeholder('day')}::text`)})
            ORDER BY next_send_at NULLS FIRST, id
            LIMIT 1
            FOR UPDATE OF email_accounts)
          UPDATE email_accounts a SET
            sent_today = CASE WHEN a.last_reset_date = ${sql.placeholder('day')} THEN a.sent_today + 1 ELSE 1 END,
            last_reset_date = ${sql.placeholder('day')},
            status = CASE WHEN a.status = 'rate_limited' THEN 'active' ELSE a.status END,
            next_send_at = chosen.slot
              + (60000.0 / a.sends_per_minute) * ${sql.placeholder('jitter')}::float8 * interval '1 millisecond'
          FROM chosen, provider_connections c
          WHERE a.id = chosen.id AND c.id = a.connection_id
          RETURNING a.*, chosen.slot, c.provider AS connection_provider, c.credentials AS connection_credentials`,
    );
}
