import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  INVITE_ACCOUNT_EXISTS_MESSAGE,
  INVITE_WHILE_CLOSED_MESSAGE,
  type Invitation,
  type InvitationList,
  type InvitationSent,
} from '../../../contract/admin';
import { displayName } from '../../../contract/display';
import { INVITATION_TTL_DAYS, type SignUpMode } from '../../../contract/sign-up';
import type { SystemMailer } from '../../adapters/mail/system-mailer';
import type { Database } from '../../db/client';
import { invitations, type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limiter';
import { isUuid } from '../../lib/uuid';
import { hasEmail } from '../auth/auth.service';
import { invitationTokenHasher } from '../auth/sign-up-policy';

export type InvitationsService = ReturnType<typeof createInvitationsService>;

const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60_000;
type InvitationRow = typeof invitations.$inferSelect;

const toInvitation = (row: InvitationRow, invitedBy: string | null): Invitation => ({
  id: row.id,
  email: row.email,
  invitedBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * Invitations an administrator sends from the Admin page (decision 0060): a link to the sign-up page, by the system
 * mailbox where there is one, else handed to the administrator to pass on. Sign-up by invitation checks the link
 * (auth/sign-up-policy.ts).
 */
export function createInvitationsService(deps: {
  db: Database;
  clock: Clock;
  signUp: SignUpMode;
  tokenSecret: string;
  publicUrl: string;
  mailer: SystemMailer | null;
  limiter: RateLimiter;
  /** AUTH_RATE_LIMIT_PER_MINUTE: invitations a minute from one administrator (each may send a mail). */
  attemptsPerMinute: number;
  log: FastifyBaseLogger;
}) {
  const { db, clock, mailer } = deps;
  const hashToken = invitationTokenHasher(deps.tokenSecret);

  function invitationMail(to: string, link: string, admin: UserRow) {
    const inviter = displayName(admin);
    return {
      to,
      subject: 'You are invited to LocalReach',
      text: [
        `${inviter} invited you to create an account on LocalReach (${deps.publicUrl}).`,
        '',
        `Create your account here: ${link}`,
        '',
        `The link works once, for ${INVITATION_TTL_DAYS} days. If you did not expect it, ignore this email.`,
      ].join('\n'),
    };
  }

  /** What the administrator reads once the invitation is made: mailed, or the link to pass on and why. */
  function outcome(email: string, mailed: boolean): string {
    const passOn = `Copy the link and pass it on to ${email}: it works once, for ${INVITATION_TTL_DAYS} days.`;
    if (mailed) return `An invitation is on its way to ${email}.`;
    return mailer ? `The invitation email could not be sent. ${passOn}` : `This server cannot send email. ${passOn}`;
  }

  return {
    /** The invitations not used yet and not expired, newest first. */
    async list(): Promise<InvitationList> {
      const rows = await db
        .select({ invitation: invitations, invitedBy: users.email })
        .from(invitations)
        .leftJoin(users, eq(users.id, invitations.invitedBy))
        .where(and(isNull(invitations.usedAt), gt(invitations.expiresAt, clock.now())))
        .orderBy(desc(invitations.createdAt), desc(invitations.id));
      return {
        signUp: deps.signUp,
        mailAvailable: mailer !== null,
        invitations: rows.map((row) => toInvitation(row.invitation, row.invitedBy)),
      };
    },

    /**
     * Invites `email` (lower case): a new link, valid 7 days, that replaces any earlier invitation to that address
     * still open. The mail is awaited, so the administrator hears whether it went and gets the link if it did not.
     */
    async invite(admin: UserRow, email: string): Promise<InvitationSent> {
      if (deps.signUp === 'closed') throw AppError.conflict(INVITE_WHILE_CLOSED_MESSAGE);
      await deps.limiter.enforce([{ key: `invite:user:${admin.id}`, limit: deps.attemptsPerMinute }]);
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [existing] = await tx.select({ id: users.id }).from(users).where(hasEmail(email));
        if (existing) throw AppError.conflict(INVITE_ACCOUNT_EXISTS_MESSAGE);
        await tx.delete(invitations).where(and(eq(invitations.email, email), isNull(invitations.usedAt)));
        const [created] = await tx
          .insert(invitations)
          .values({
            email,
            invitedBy: admin.id,
            tokenHash: hashToken(token),
            createdAt: now,
            expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
          })
          .returning();
        return created;
      });
      const link = `${deps.publicUrl}/signup?${new URLSearchParams({ invitation: token, email })}`;
      let mailed = false;
      if (mailer) {
        try {
          await mailer.send(invitationMail(email, link, admin));
          mailed = true;
        } catch (error) {
          deps.log.error({ err: error }, 'The invitation email could not be sent');
        }
      }
      return { invitation: toInvitation(row, admin.email), link, mailed, message: outcome(email, mailed) };
    },

    /** Deletes an invitation not used yet: its link stops working. */
    async revoke(id: string): Promise<{ message: string }> {
      if (!isUuid(id)) throw AppError.notFound('Invitation not found');
      const [revoked] = await db
        .delete(invitations)
        .where(and(eq(invitations.id, id), isNull(invitations.usedAt)))
        .returning({ email: invitations.email });
      if (!revoked) throw AppError.notFound('Invitation not found');
      return { message: `The invitation to ${revoked.email} was revoked.` };
    },
  };
}
