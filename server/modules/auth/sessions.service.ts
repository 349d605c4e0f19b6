import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, type UserRow, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { hmacSha256Hex } from '../../lib/hmac';

export const SESSION_COOKIE = 'lr_session';
/** Signed out after a week without a request, and after 30 days whatever happens. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
// Refreshing last_seen_at on every request would turn every read into a write.
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionsService = ReturnType<typeof createSessionsService>;

/**
 * The live session of a token and its user, by the token's hash, expiry and idle time (placeholders `tokenHash`, `at`
 * and `idleSince`). The overhead bench's bare route runs this same statement (bench/bare-auth-server.ts).
 */
export function liveSessionUserQuery(db: Database) {
  return db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('at')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    );
}

export function createSessionsService(deps: { db: Database; sessionSecret: string; clock: Clock }) {
  const { db } = deps;
  const now = () => deps.clock.now();
  const hashToken = hmacSha256Hex(deps.sessionSecret);
  // Every API request runs this: built once and prepared once per connection, so a request neither builds the
  // query nor sends its text (docs/decisions/0042).
  const liveSessionUser = liveSessionUserQuery(db).prepare('live_session_user');
  // The statement's time bounds as text, formatted once a millisecond: a busy server answers several requests in one.
  let bounds = { ms: Number.NaN, atText: '', idleSince: '' };
  const liveBounds = (at: Date) => {
    const ms = at.getTime();
    if (ms !== bounds.ms) {
      bounds = { ms, atText: at.toISOString(), idleSince: new Date(ms - SESSION_IDLE_MS).toISOString() };
    }
    return bounds;
  };

  return {
    /** Starts a session; the returned token goes into the cookie and nowhere else. */
    async create(userId: string, userAgent: string | undefined): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + SESSION_ABSOLUTE_MS);
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId,
        createdAt,
        lastSeenAt: createdAt,
        expiresAt,
        userAgent: userAgent?.slice(0, 300) ?? null,
      });
      return { token, expiresAt };
    },

    /** The user behind a live session token, or null when it is unknown, idle too long or expired. */
    async resolve(token: string): Promise<UserRow | null> {
      const tokenHash = hashToken(token);
      const at = now();
      const { atText, idleSince } = liveBounds(at);
      const [row] = await liveSessionUser.execute({ tokenHash, at: atText, idleSince });
      if (!row) return null;
      if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash));
      }
      return row.user;
    },

    /** A stable, non-reversible id of a session token, to bind short-lived state (OAuth) to one session. */
    fingerprint: (token: string) => hashToken(token),

    async revoke(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    /** Ends every session of a user, except the one whose token is given (the caller's own). */
    async revokeAllForUser(userId: string, exceptToken?: string): Promise<void> {
      const keep = exceptToken ? ne(sessions.tokenHash, hashToken(exceptToken)) : undefined;
      await db.delete(sessions).where(and(eq(sessions.userId, userId), keep));
    },

    /** Housekeeping: removes sessions past their absolute or idle expiry. Returns how many. */
    async deleteExpired(): Promise<number> {
      const at = now();
      const deleted = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, at), lt(sessions.lastSeenAt, new Date(at.getTime() - SESSION_IDLE_MS))))
        .returning({ tokenHash: sessions.tokenHash });
      return deleted.length;
    },
  };
}
