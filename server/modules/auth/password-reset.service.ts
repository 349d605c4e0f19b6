import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { RESET_UNAVAILABLE } from '../../../contract/auth';
import type { Database } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SystemMailer } from '../../mail/system-mailer';
import { hasEmail } from './auth.service';
import { hashPassword } from './password';
import type { SessionsService } from './sessions.service';

/** How long a reset link works. */
export const RESET_LINK_TTL_MS = 30 * 60_000;
export const INVALID_RESET_LINK = 'This reset link is invalid, used or expired. Ask for a new one.';

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

/** "Forgot password?": a single-use link by email, valid 30 minutes, that revokes every session when used. */
export function createPasswordResetService(deps: {
  db: Database;
  clock: Clock;
  sessions: SessionsService;
  limiter: RateLimiter;
  /** AUTH_RATE_LIMIT_PER_MINUTE: requests a minute from one address, and for one email. */
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

    /** Sends a link when the address has an account; the answer and its timing are the same either way. */
    async request(email: string, ip: string): Promise<void> {
      if (!mailer) throw AppError.badRequest(RESET_UNAVAILABLE, 'password_reset_unavailable');
      await deps.limiter.enforce([
        { key: `reset:ip:${ip}`, limit: deps.attemptsPerMinute },
        { key: `reset:email:${email.toLowerCase()}`, limit: deps.attemptsPerMinute },
      ]);
      const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(hasEmail(email));
      if (!user) return;
      const token = randomBytes(32).toString('base64url');
      await db.insert(passwordResetTokens).values({
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt: clock.now(),
        expiresAt: new Date(clock.now().getTime() + RESET_LINK_TTL_MS),
      });
      // Not awaited, so the answer does not take longer for an address that has an account.
      mailer
        .send(resetMail(user.email, token))
        .catch((error) => deps.log.error({ err: error }, 'The password reset email could not be sent'));
    },

    /** Sets the new password with an unused, unexpired link; every other link of the user and every session end. */
    async reset(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      const userId = await db.transaction(async (tx) => {
        const [link] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, hashToken(token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now),
            ),
          )
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
