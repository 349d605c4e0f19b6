import { createHmac } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitWindows } from '../db/schema';
import { AppError } from './app-error';
import type { Clock } from './clock';

/** One counter to take an attempt from: its key (e.g. `login:ip:203.0.113.7`) and how many a window allows. */
export type RateLimitRule = { key: string; limit: number };

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * Fixed-window attempt counters kept in the database, so any number of web processes allow together what one
 * allows (decision 0038). One statement per counter: the window's row is created, counted or started again in a
 * single upsert, so concurrent attempts never lose a count. Keys hold addresses and emails, so only their HMAC is
 * stored.
 */
export function createRateLimiter(deps: { db: Database; clock: Clock; windowMs: number; secret: string }) {
  const { db, clock, windowMs } = deps;
  const digest = (key: string) => createHmac('sha256', deps.secret).update(`rate-limit:${key}`).digest('base64url');

  /** Counts one attempt on `key`; answers the seconds to wait when it is over `limit`, else 0. */
  async function hit(key: string, limit: number): Promise<number> {
    const now = clock.now();
    const resetsAt = new Date(now.getTime() + windowMs);
    const expired = sql`${rateLimitWindows.resetsAt} <= ${now.toISOString()}::timestamptz`;
    const [window] = await db
      .insert(rateLimitWindows)
      .values({ key: digest(key), hits: 1, resetsAt })
      .onConflictDoUpdate({
        target: rateLimitWindows.key,
        set: {
          hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimitWindows.hits} + 1 END`,
          resetsAt: sql`CASE WHEN ${expired} THEN ${resetsAt.toISOString()}::timestamptz ELSE ${rateLimitWindows.resetsAt} END`,
        },
      })
      .returning({ hits: rateLimitWindows.hits, resetsAt: rateLimitWindows.resetsAt });
    return window.hits > limit ? Math.max(1, Math.ceil((window.resetsAt.getTime() - now.getTime()) / 1000)) : 0;
  }

  return {
    hit,

    /**
     * Counts the attempt on each rule in order and refuses (429, with the wait) at the first one over its limit,
     * without counting it on the rules after: an address flooding one account uses up its own allowance, not the
     * account's, so the real owner signing in from elsewhere is not shut out.
     */
    async enforce(rules: RateLimitRule[]): Promise<void> {
      for (const { key, limit } of rules) {
        const wait = await hit(key, limit);
        if (wait > 0) {
          throw AppError.tooManyRequests(
            `Too many attempts. Please wait ${wait} second${wait === 1 ? '' : 's'} and try again.`,
            wait,
          );
        }
      }
    },

    /** Deletes the windows that are over (housekeeping). */
    async prune(): Promise<number> {
      const removed = await db
        .delete(rateLimitWindows)
        .where(lt(rateLimitWindows.resetsAt, clock.now()))
        .returning({ key: rateLimitWindows.key });
      return removed.length;
    },
  };
}
