import { createHmac, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { RESET_UNAVAILABLE } from '../../../contract/auth';
import type { SystemMailer } from '../../adapters/mail/system-mailer';
import type { Database } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limiter';
import { hasEmail } from './auth.service';
import { hashPassword } from './password';
import type { SessionsService } from './sessions.service';

/** How long a reset link works. */
export const RESET_LINK_TTL_MS = 30 * 60_000;
/** Reset mails one account gets in an hour at most; further requests answer the same and send nothing. */
export const RESET_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;
export const INVALID_RESET_LINK = 'This reset link is invalid, used or expired. Ask for a new one.';

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

/** "Forgot password?": a single-use link by email, valid 30 minutes, that revokes every session when used. */
export function createPasswordResetService(deps: {
  db: Database;
  clock: Clock;
  sessions: SessionsService;
  limiter: RateLimiter;
  /** AUTH_RATE_LIMIT_PER_MINUTE: requests and reset attempts a minute from one address, and requests for one email. */
  attemptsPerMinute: number;
  tokenSecret: string;
  publicUrl: string;
  mailer: SystemMailer | null;
  log: FastifyBaseLogger;
}) {
  const { db, clock, mailer } = deps;
  // Stored as an HMAC, like session tokens: a database leak alone does not yield working links.
  const hashToken = (token: string) =>
    createHmac('sha256', deps.tokenSecret).update(`password-reset:${token}`).digest('hex');

  function resetMail(to: string, token: string) {
    const link = `${deps.publicUrl}/reset-password?token=${token}`;
    return {
      to,
      subject: 'Reset your LocalReach password',
      text: [
        'Someone (we hope you) asked to reset the password of your LocalReach account.',
        '',
        `Choose a new password here: ${link}`,
        '',
        'The link works once, for 30 minutes. Using it signs out every session of your account.',
        'If you did not ask for it, ignore this email: your password stays as it is.',
      ].join('\n'),
    };
  }

  return {
    available: () => mailer !== null,

    /**
     * Sends a link when the address has an account and has had fewer than 3 in the last hour; the answer is the
     * same either way, so it never tells whether an account exists.
     */
    async request(email: string, ip: string): Promise<void> {
      if (!mailer) throw AppError.badRequest(RESET_UNAVAILABLE, 'password_reset_unavailable');
      await deps.limiter.enforce([
        { key: `reset:ip:${ip}`, limit: deps.attemptsPerMinute },
        { key: `reset:email:${email.toLowerCase()}`, limit: deps.attemptsPerMinute },
      ]);
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const user = await db.transaction(async (tx) => {
        // The account's row is locked, so two requests at once cannot both take the hour's last mail.
        const [account] = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(hasEmail(email))
          .for('update');
        if (!account) return null;
        const [{ lastHour }] = await tx
          .select({ lastHour: count() })
          .from(passwordResetTokens)
          .where(
            and(
              eq(passwordResetTokens.userId, account.id),
              gt(passwordResetTokens.createdAt, new Date(now.getTime() - HOUR_MS)),
            ),
          );
        if (lastHour >= RESET_MAILS_PER_HOUR) return null;
        // Only the newest link works: the older ones still open are retired as using one retires them.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, account.id), isNull(passwordResetTokens.usedAt)));
        await tx.insert(passwordResetTokens).values({
          tokenHash: hashToken(token),
          userId: account.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
        });
        return account;
      });
      if (!user) return;
      // Not awaited, so the answer does not take longer for an address that has an account.
      mailer
        .send(resetMail(user.email, token))
        .catch((error) => deps.log.error({ err: error }, 'The password reset email could not be sent'));
    },

    /** Sets the new password with an unused, unexpired link; every other link of the user and every session end. */
    async reset(token: string, password: string, ip: string): Promise<void> {
      await deps.limiter.enforce([{ key: `reset-password:ip:${ip}`, limit: deps.attemptsPerMinute }]);
      const openLink = (at: Date) =>
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, at),
        );
      // The link is checked before the password is hashed: a wrong one costs an indexed read, not an argon2 hash.
      const [found] = await db
        .select({ userId: passwordResetTokens.userId })
        .from(passwordResetTokens)
        .where(openLink(clock.now()));
      if (!found) throw AppError.badRequest(INVALID_RESET_LINK, 'invalid_reset_link');
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      // Taken again as it is used: a request with the same link meanwhile, or its expiry, wins over this one.
      const userId = await db.transaction(async (tx) => {
        const [link] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(openLink(now))
          .returning({ userId: passwordResetTokens.userId });
        if (!link) return null;
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, link.userId));
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, link.userId), isNull(passwordResetTokens.usedAt)));
        return link.userId;
      });
      if (!userId) throw AppError.badRequest(INVALID_RESET_LINK, 'invalid_reset_link');
      await deps.sessions.revokeAllForUser(userId);
    },
  };
}
