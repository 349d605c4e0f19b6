import { asc, eq, sql } from 'drizzle-orm';
import {
  type AdminBilling,
  type AdminResetPassword,
  type AdminSubscriptionChange,
  type AdminUserRow,
  BILLING_BY_STRIPE_MESSAGE,
  EXPIRED_HAS_NO_END_MESSAGE,
  HAND_SET_PERIOD_DAYS,
  LAST_ADMIN_MESSAGE,
  PERIOD_END_PAST_MESSAGE,
} from '../../../contract/admin';
import { mailRates } from '../../../contract/mail-figures';
import { TRIAL_DAYS } from '../../../contract/subscription';
import { type Database, queryRows } from '../../db/client';
import { emailAccounts, type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUuid } from '../../lib/uuid';
import { hashPassword } from '../auth/password';
import type { SessionsService } from '../auth/sessions.service';
import type { SendAllowance } from '../sending/send-allowance';
import type { InvitationsService } from './invitations.service';

export type AdminService = ReturnType<typeof createAdminService>;

type UserFigures = {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  is_admin: boolean;
  subscription_status: AdminUserRow['subscriptionStatus'];
  total_leads: number;
  active_leads: number;
  total_campaigns: number;
  last_campaign_at: Date | string | null;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  responded: number;
};

/**
 * Every user (or one) with their figures, in one statement of grouped subqueries (never one query per user). Lead
 * counts come from the lead_counts rollup and mail counts from the mail_rollups the dashboard reads
 * (analytics/mail-rollups.ts): campaign mails only; opened when a person (not a machine, decision 0014) opened or
 * clicked it, clicked on a person's click; responded when the lead replied: the figures of contract/mail-figures.ts.
 */
function userFiguresQuery(onlyUserId?: string) {
  return sql`
  WITH mails AS (
    SELECT user_id, sum(mails)::int AS sent, sum(delivered)::int AS delivered, sum(opened)::int AS opened, sum(clicked)::int AS clicked,
      sum(replied)::int AS responded
    FROM mail_rollups
    ${onlyUserId === undefined ? sql`` : sql`WHERE user_id = ${onlyUserId}`}
    GROUP BY user_id
  ), campaign_totals AS (
    SELECT user_id, count(*)::int AS total, max(created_at) AS last_created_at
    FROM campaigns GROUP BY user_id
  )
  SELECT u.id, u.email, u.first_name, u.last_name, u.is_admin, u.subscription_status,
    coalesce(lc.total, 0) AS total_leads, coalesce(lc.active, 0) AS active_leads,
    coalesce(ct.total, 0) AS total_campaigns, ct.last_created_at AS last_campaign_at,
    coalesce(m.sent, 0) AS sent, coalesce(m.delivered, 0) AS delivered, coalesce(m.opened, 0) AS opened,
    coalesce(m.clicked, 0) AS clicked, coalesce(m.responded, 0) AS responded
  FROM users u
  LEFT JOIN lead_counts lc ON lc.user_id = u.id
  LEFT JOIN campaign_totals ct ON ct.user_id = u.id
  LEFT JOIN mails m ON m.user_id = u.id
  ${onlyUserId === undefined ? sql`` : sql`WHERE u.id = ${onlyUserId}`}
  ORDER BY u.created_at, u.id`;
}

/** A user id from the request; anything that cannot be one is a user that does not exist. */
function userIdOf(raw: string): string {
  if (!isUuid(raw)) throw AppError.notFound('User not found');
  return raw;
}

const toIso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000);

/**
 * The dates a status set by hand keeps, by the lifecycle of contract/subscription.ts: a trial runs to its end
 * (TRIAL_DAYS from now unless given); a paid period to its end (a month unless given); a cancellation keeps access
 * until the end given, else the paid period still running, else none (it then stays until changed by hand). An end
 * already past would expire at once, so it is refused; an expired subscription has no end.
 */
function handSetDates(
  user: UserRow,
  change: AdminSubscriptionChange,
  now: Date,
): Partial<Pick<UserRow, 'trialEndDate' | 'subscriptionPeriodEnd'>> {
  const given = change.periodEnd === undefined ? undefined : new Date(change.periodEnd);
  if (given && given.getTime() <= now.getTime()) throw AppError.badRequest(PERIOD_END_PAST_MESSAGE);
  switch (change.status) {
    case 'trial':
      return { trialEndDate: given ?? daysFrom(now, TRIAL_DAYS), subscriptionPeriodEnd: null };
    case 'active':
      return { subscriptionPeriodEnd: given ?? daysFrom(now, HAND_SET_PERIOD_DAYS) };
    case 'cancelled': {
      const running =
        user.subscriptionPeriodEnd && user.subscriptionPeriodEnd > now ? user.subscriptionPeriodEnd : null;
      return { subscriptionPeriodEnd: given ?? running };
    }
    case 'expired':
      if (given) throw AppError.badRequest(EXPIRED_HAS_NO_END_MESSAGE);
      return {};
  }
}

/**
 * What administrators do across all users: read everyone's figures, reset a password, grant or take the admin
 * role, set a subscription by hand where billing is not configured, invite people to sign up. Callers have checked the admin flag (requireAdmin); these functions are not scoped to one user on purpose.
 */
export function createAdminService(deps: {
  db: Database;
  clock: Clock;
  sessions: SessionsService;
  allowance: SendAllowance;
  /** Stripe keeps the subscriptions (STRIPE_SECRET_KEY is set): they are not set by hand then. */
  billingConfigured: boolean;
  /** Invitations to sign up, sent from the Admin page. */
  invitations: InvitationsService;
}) {
  const { db, clock, sessions, allowance, billingConfigured } = deps;

  /** Mailboxes with today's count and status as the accounts screen shows them, by user, in one query. */
  async function accountsByUser(onlyUserId?: string) {
    const rows = await db
      .select({ account: emailAccounts, timezone: users.timezone })
      .from(emailAccounts)
      .innerJoin(users, eq(users.id, emailAccounts.userId))
      .where(onlyUserId === undefined ? undefined : eq(emailAccounts.userId, onlyUserId))
      .orderBy(asc(emailAccounts.createdAt), asc(emailAccounts.id));
    const byUser = new Map<string, AdminUserRow['accounts']>();
    for (const { account, timezone } of rows) {
      const today = allowance.current(account, { timezone });
      const list = byUser.get(account.userId) ?? [];
      list.push({ email: account.email, statusReason: account.statusReason, ...today });
      byUser.set(account.userId, list);
    }
    return byUser;
  }

  /** docs/product.md §3 Admin user rows, oldest account first (or one user's): two queries whatever the number of users. */
  async function userRows(onlyUserId?: string): Promise<AdminUserRow[]> {
    const figures = await queryRows<UserFigures>(db, userFiguresQuery(onlyUserId));
    const accounts = await accountsByUser(onlyUserId);
    return figures.map((row) => ({
      user: {
        id: row.id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        isAdmin: row.is_admin,
      },
      stats: {
        totalLeads: row.total_leads,
        activeLeads: row.active_leads,
        totalCampaigns: row.total_campaigns,
        totalEmailsSent: row.sent,
        emailsDelivered: row.delivered,
        emailsOpened: row.opened,
        emailsClicked: row.clicked,
        emailsResponded: row.responded,
        ...mailRates(row),
        lastCampaignDate: toIso(row.last_campaign_at),
      },
      subscriptionStatus: row.subscription_status,
      accounts: accounts.get(row.id) ?? [],
    }));
  }

  return {
    listUsers: () => userRows(),

    invitations: deps.invitations,

    billing: (): AdminBilling => ({ configured: billingConfigured }),

    /**
     * Sets a subscription by hand (docs/decisions/0019), only where Stripe does not keep them. The status is then
     * a hand-set one: no Stripe subscription behind it, and no older Stripe event may undo it.
     */
    async setSubscription(rawId: string, change: AdminSubscriptionChange): Promise<AdminUserRow> {
      if (billingConfigured) throw AppError.conflict(BILLING_BY_STRIPE_MESSAGE);
      const userId = userIdOf(rawId);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!user) throw AppError.notFound('User not found');
        await tx
          .update(users)
          .set({
            ...handSetDates(user, change, now),
            subscriptionStatus: change.status,
            stripeSubscriptionId: null,
            subscriptionEventAt: now,
            updatedAt: now,
          })
          .where(eq(users.id, userId));
      });
      const [row] = await userRows(userId);
      return row;
    },

    /**
     * Sets a user's password (argon2id) and signs them out everywhere, so whoever held the old one is out. An
     * admin resetting their own password keeps the session they are using.
     */
    async resetPassword(
      admin: UserRow,
      input: AdminResetPassword,
      adminSessionToken: string | undefined,
    ): Promise<{ message: string }> {
      const userId = userIdOf(input.userId);
      const passwordHash = await hashPassword(input.newPassword);
      const [updated] = await db
        .update(users)
        .set({ passwordHash, updatedAt: clock.now() })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (!updated) throw AppError.notFound('User not found');
      await sessions.revokeAllForUser(userId, userId === admin.id ? adminSessionToken : undefined);
      return { message: 'Password reset successfully' };
    },

    /** Grants or takes the admin role; the last admin keeps it, so the install is never left without one. */
    async setRole(rawId: string, isAdmin: boolean): Promise<AdminUserRow['user']> {
      const userId = userIdOf(rawId);
      return db.transaction(async (tx) => {
        // Locking every admin row makes two demotions at once wait for each other instead of both seeing the
        // other admin still there.
        const admins = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for('update');
        if (!isAdmin && admins.length === 1 && admins[0].id === userId) {
          throw AppError.badRequest(LAST_ADMIN_MESSAGE);
        }
        const [updated] = await tx
          .update(users)
          .set({ isAdmin, updatedAt: clock.now() })
          .where(eq(users.id, userId))
          .returning({
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            isAdmin: users.isAdmin,
          });
        if (!updated) throw AppError.notFound('User not found');
        return updated;
      });
    },
  };
}
