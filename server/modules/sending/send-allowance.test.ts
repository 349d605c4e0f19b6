import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { warmupToday } from '../../../contract/warmup';
import { emailAccounts, providerConnections, users } from '../../db/schema';
import { localDay, nextLocalMidnight } from '../../lib/local-time';
import { createTestDatabase } from '../../test/database';
import { createSendAllowance, DailyLimitError, warmupLimitTodaySql } from './send-allowance';

const database = await createTestDatabase();
afterAll(() => database.dispose());

let now = new Date('2026-03-07T22:30:00Z');
const allowance = createSendAllowance({ db: database.db, clock: { now: () => now } });

// 23:30 on 7 March in Paris; in Chicago it is still the afternoon.
const paris = { timezone: 'Europe/Paris' };

async function newAccount(dailyLimit: number) {
  const [user] = await database.db
    .insert(users)
    .values({ email: `u${Math.random()}@example.com`, passwordHash: 'x', timezone: paris.timezone })
    .returning();
  const [connection] = await database.db
    .insert(providerConnections)
    .values({ userId: user.id, provider: 'smtp', email: 'a@example.com', credentials: 'sealed' })
    .returning();
  const [account] = await database.db
    .insert(emailAccounts)
    .values({ userId: user.id, connectionId: connection.id, email: 'a@example.com', dailyLimit })
    .returning();
  return account;
}
const reload = async (id: number) =>
  (await database.db.select().from(emailAccounts).where(eq(emailAccounts.id, id)))[0];

beforeEach(() => {
  now = new Date('2026-03-07T22:30:00Z');
});

describe('the send allowance', () => {
  it('counts on the owner’s local day and never lets concurrent sends past the limit', async () => {
    const account = await newAccount(5);
    const attempts = await Promise.allSettled(Array.from({ length: 8 }, () => allowance.reserve(paris, account)));
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(5);
    const refused = attempts.find((attempt) => attempt.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(DailyLimitError);
    const row = await reload(account.id);
    expect(row).toMatchObject({ sentToday: 5, lastResetDate: '2026-03-07', status: 'rate_limited' });
    expect(allowance.current(row, paris)).toEqual({ sentToday: 5, status: 'rate_limited' });
  });

  it('says when sending resumes: the next local midnight, DST included', async () => {
    const account = await newAccount(1);
    await allowance.reserve(paris, account);
    const refusal = await allowance.reserve(paris, account).catch((error: unknown) => error);
    if (!(refusal instanceof DailyLimitError)) throw new Error('expected DailyLimitError');
    expect(refusal.resumesAt.toISOString()).toBe('2026-03-07T23:00:00.000Z');
    expect(refusal.retryAfterSeconds).toBe(30 * 60);
    expect(refusal.message).toBe(
      'a@example.com has reached its daily limit of 1 emails. Sending resumes after midnight.',
    );
    // The night clocks go forward in Paris (29 March 2026) is 23 hours long.
    expect(nextLocalMidnight(new Date('2026-03-28T23:30:00Z'), 'Europe/Paris').toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
  });

  it('starts again at 0 when the local day changes, and an account rate limited yesterday is active', async () => {
    const account = await newAccount(1);
    await allowance.reserve(paris, account);
    await allowance.reserve(paris, account).catch(() => {});
    now = new Date('2026-03-07T23:00:00Z'); // midnight in Paris
    const row = await reload(account.id);
    expect(allowance.current(row, paris)).toEqual({ sentToday: 0, status: 'active' });
    await allowance.reserve(paris, account);
    expect(await reload(account.id)).toMatchObject({ sentToday: 1, lastResetDate: '2026-03-08', status: 'active' });
  });

  it('gives a failed send back on the day it was counted, never on the next', async () => {
    const account = await newAccount(10);
    const first = await allowance.reserve(paris, account);
    await allowance.release(first);
    expect((await reload(account.id)).sentToday).toBe(0);
    const late = await allowance.reserve(paris, account);
    now = new Date('2026-03-07T23:00:05Z');
    await allowance.reserve(paris, account); // the first send of 8 March
    await allowance.release(late); // 7 March's send failed after midnight
    expect(await reload(account.id)).toMatchObject({ sentToday: 1, lastResetDate: '2026-03-08' });
  });

  it('leaves an account in error in error when it reaches its limit', async () => {
    const account = await newAccount(1);
    await database.db.update(emailAccounts).set({ status: 'error' }).where(eq(emailAccounts.id, account.id));
    await allowance.reserve(paris, account);
    await expect(allowance.reserve(paris, account)).rejects.toBeInstanceOf(DailyLimitError);
    expect((await reload(account.id)).status).toBe('error');
  });

  it('reads local days in any zone', () => {
    expect(localDay(new Date('2026-03-07T22:30:00Z'), 'Europe/Paris')).toBe('2026-03-07');
    expect(localDay(new Date('2026-03-07T23:30:00Z'), 'Europe/Paris')).toBe('2026-03-08');
    expect(localDay(new Date('2026-03-08T03:00:00Z'), 'America/Chicago')).toBe('2026-03-07');
    expect(localDay(new Date('2026-03-07T20:00:00Z'), 'Asia/Kolkata')).toBe('2026-03-08');
  });
});

describe('the warm-up limit in SQL', () => {
  it('is the limit of contract/warmup.ts for any account and local day', async () => {
    const account = await newAccount(50);
    const toDate = (offset: number) => new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          dailyLimit: fc.integer({ min: 1, max: 2000 }),
          warmupEnabled: fc.boolean(),
          warmupStartDate: fc.option(fc.integer({ min: 0, max: 400 }).map(toDate)),
          warmupDailyStep: fc.integer({ min: 1, max: 50 }),
        }),
        // A clock or timezone change can put today before the start.
        fc.integer({ min: -10, max: 500 }).map(toDate),
        async (ramp, today) => {
          await database.db.update(emailAccounts).set(ramp).where(eq(emailAccounts.id, account.id));
          const [{ limit }] = await database.db
            .select({ limit: sql<number>`${warmupLimitTodaySql(sql`${today}::text`)}` })
            .from(emailAccounts)
            .where(eq(emailAccounts.id, account.id));
          expect(Number(limit)).toBe(warmupToday(ramp, today).limitToday);
        },
      ),
      { numRuns: 150 },
    );
  });
});
