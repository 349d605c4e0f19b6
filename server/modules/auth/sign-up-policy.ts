import { and, eq, gt, isNull } from 'drizzle-orm';
import type { SignUpOptions } from '../../../contract/auth';
import {
  INVITATION_FOR_ANOTHER_ADDRESS,
  INVITATION_INVALID,
  SIGN_UP_BY_INVITATION,
  SIGN_UP_CLOSED,
  type SignUpMode,
} from '../../../contract/sign-up';
import type { Database } from '../../db/client';
import { invitations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { hmacSha256Hex } from '../../lib/hmac';

export type SignUpPolicy = ReturnType<typeof createSignUpPolicy>;

/** An invitation link's token as stored: its HMAC under the session secret, like session and reset tokens. */
export function invitationTokenHasher(secret: string): (token: string) => string {
  const hmac = hmacSha256Hex(secret);
  return (token) => hmac(`invitation:${token}`);
}

/**
 * Who may create an account and who becomes the administrator (decision 0060). With ADMIN_EMAIL set, that address
 * and only it becomes an administrator, whenever it registers; without it, the first account registered while no
 * administrator exists does (the first account of a fresh install). Whoever becomes the administrator may always
 * register, so a fresh install that is not open is not locked out; everyone else by SIGNUP: anyone (open), with an
 * invitation's link (invite), or nobody (closed).
 */
export function createSignUpPolicy(deps: {
  db: Database;
  clock: Clock;
  mode: SignUpMode;
  /** ADMIN_EMAIL, lower case. */
  adminEmail: string | undefined;
  tokenSecret: string;
  publicUrl: string;
}) {
  const { db, clock, mode, adminEmail } = deps;
  const hashToken = invitationTokenHasher(deps.tokenSecret);

  async function adminExists(executor: Database): Promise<boolean> {
    const [admin] = await executor.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
    return admin !== undefined;
  }

  /** The open invitation behind `token`, or a 403 saying why it lets nobody in. */
  async function invitationFor(executor: Database, email: string, token: string | undefined) {
    if (!token) throw AppError.forbidden(SIGN_UP_BY_INVITATION);
    const [invitation] = await executor
      .select({ email: invitations.email })
      .from(invitations)
      .where(
        and(
          eq(invitations.tokenHash, hashToken(token)),
          isNull(invitations.usedAt),
          gt(invitations.expiresAt, clock.now()),
        ),
      );
    if (!invitation) throw AppError.forbidden(INVITATION_INVALID);
    if (invitation.email !== email) throw AppError.forbidden(INVITATION_FOR_ANOTHER_ADDRESS);
  }

  return {
    /**
     * Whether `email` may register, and as an administrator or not; a 403 with the reason otherwise. The
     * registration asks once before hashing the password (a refusal costs no hash) and again in its transaction,
     * under the registration lock, where the answer counts and the address's invitations are used up (`consume`).
     */
    async admit(
      executor: Database,
      email: string,
      invitationToken: string | undefined,
      { consume }: { consume: boolean },
    ): Promise<{ isAdmin: boolean }> {
      const isAdmin = adminEmail ? email === adminEmail : !(await adminExists(executor));
      if (!isAdmin && mode === 'closed') throw AppError.forbidden(SIGN_UP_CLOSED);
      if (!isAdmin && mode === 'invite') await invitationFor(executor, email, invitationToken);
      // Whatever let the account in, an invitation to its address has nothing left to invite.
      if (consume) {
        await executor
          .update(invitations)
          .set({ usedAt: clock.now() })
          .where(and(eq(invitations.email, email), isNull(invitations.usedAt)));
      }
      return { isAdmin };
    },

    /** GET /api/auth/register: what the sign-up page says before the form is filled. */
    async options(): Promise<SignUpOptions> {
      return { mode, adminPending: !(await adminExists(db)) };
    },

    /** The line the server logs at start while no administrator exists: whoever signs up next may take the install. */
    async startNotice(): Promise<string | null> {
      if (await adminExists(db)) return null;
      const signUpPage = `${deps.publicUrl}/signup`;
      return adminEmail
        ? `No administrator yet: the account registered as ${adminEmail} at ${signUpPage} becomes the administrator.`
        : `No administrator yet: the first account registered at ${signUpPage} becomes the administrator. Set ADMIN_EMAIL to choose who.`;
    },
  };
}
