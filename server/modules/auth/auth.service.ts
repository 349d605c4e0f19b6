import { eq, sql } from 'drizzle-orm';
import type { LoginInput, PasswordChangeInput, RegisterInput } from '../../../contract/auth';
import { TRIAL_DAYS } from '../../../contract/subscription';
import type { Database } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limiter';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password';
import type { SessionsService } from './sessions.service';
import type { SignUpPolicy } from './sign-up-policy';

const INVALID_CREDENTIALS = 'Invalid email or password';
const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead.';
// Serialises registrations so exactly one first user becomes the admin, and an invitation lets one account in.
const REGISTRATION_LOCK_ID = 727_465_002;

/** Emails are unique case-insensitively (users_email_lower_idx); `email` is already lower case. */
export const hasEmail = (email: string) => sql`lower(${users.email}) = ${email}`;

/** How many times one address's limit the sign-ins to one account from all addresses may reach. */
const ACCOUNT_LIMIT_FACTOR = 5;

export type RequestContext = { ip: string; userAgent?: string; sessionToken?: string };
export type SignedIn = { user: UserRow; token: string; expiresAt: Date };
export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  db: Database;
  sessions: SessionsService;
  limiter: RateLimiter;
  clock: Clock;
  signUp: SignUpPolicy;
  /** Attempts a minute from one address, or on one user's password (AUTH_RATE_LIMIT_PER_MINUTE). */
  attemptsPerMinute: number;
}) {
  const { db, sessions, limiter, signUp, attemptsPerMinute } = deps;
  const now = () => deps.clock.now();
  /**
   * Sign-ins to one account from every address together. One address can spend at most its own limit on it, far
   * below this, so a flood from one address never shuts the owner out (decision 0038); this stops a guess spread
   * over many addresses.
   */
  const attemptsPerAccount = attemptsPerMinute * ACCOUNT_LIMIT_FACTOR;

  async function startSession(user: UserRow, context: RequestContext): Promise<SignedIn> {
    // A new token at every sign-in: a token planted before sign-in is worthless after it.
    if (context.sessionToken) await sessions.revoke(context.sessionToken);
    const { token, expiresAt } = await sessions.create(user.id, context.userAgent);
    return { user, token, expiresAt };
  }

  return {
    /** Who may sign up here, for the sign-up page. */
    signUpOptions: () => signUp.options(),

    async register(input: RegisterInput, context: RequestContext): Promise<SignedIn> {
      await limiter.enforce([{ key: `register:ip:${context.ip}`, limit: attemptsPerMinute }]);
      const { password, invitation, ...profile } = input;
      // Asked before the password is hashed, so a refused sign-up costs no argon2 hash; asked again under the lock.
      await signUp.admit(db, profile.email, invitation, { consume: false });
      const passwordHash = await hashPassword(password);
      const trialEndDate = new Date(now().getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
      const user = await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${REGISTRATION_LOCK_ID})`);
        const [existing] = await tx.select({ id: users.id }).from(users).where(hasEmail(profile.email));
        if (existing) throw AppError.conflict(EMAIL_TAKEN, 'email_taken');
        const { isAdmin } = await signUp.admit(tx, profile.email, invitation, { consume: true });
        const [created] = await tx
          .insert(users)
          .values({
            ...profile,
            passwordHash,
            subscriptionStatus: 'trial',
            trialEndDate,
            isAdmin,
          })
          .returning();
        return created;
      });
      return startSession(user, context);
    },

    async login(input: LoginInput, context: RequestContext): Promise<SignedIn> {
      await limiter.enforce([
        { key: `login:ip:${context.ip}`, limit: attemptsPerMinute },
        { key: `login:email:${input.email.toLowerCase()}`, limit: attemptsPerAccount },
      ]);
      const [user] = await db.select().from(users).where(hasEmail(input.email));
      const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
      if (!user || !valid) throw AppError.unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
      return startSession(user, context);
    },

    async logout(context: RequestContext): Promise<void> {
      if (context.sessionToken) await sessions.revoke(context.sessionToken);
    },

    /** Ends every session of the user, this one included: a lost phone, a shared computer. */
    async logoutEverywhere(user: UserRow): Promise<void> {
      await sessions.revokeAllForUser(user.id);
    },

    /** Changes the password and ends every other session of the user; this one stays signed in. */
    async changePassword(user: UserRow, input: PasswordChangeInput, context: RequestContext): Promise<void> {
      await limiter.enforce([{ key: `password:user:${user.id}`, limit: attemptsPerMinute }]);
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw AppError.badRequest('currentPassword: Current password is incorrect', 'wrong_password');
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, user.id));
      await sessions.revokeAllForUser(user.id, context.sessionToken);
    },
  };
}
