import { and, asc, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { SubscriptionStatus } from '../../../contract/auth';
import {
  currentSubscriptionStatus,
  maySend,
  SENDING_BLOCKED_MESSAGE,
  type SubscriptionDetails,
  type SubscriptionFacts,
} from '../../../contract/subscription';
import type { BillingConfig } from '../../config';
import type { Database } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { StripeApi } from './stripe-api';

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;

/** Campaigns and sequence steps stop once the trial or the paid period is over (docs/decisions/0019). */
export function assertMaySend(user: SubscriptionFacts, now: Date): void {
  if (!maySend(user, now)) throw new AppError('subscription_required', SENDING_BLOCKED_MESSAGE, 402);
}

/**
 * The subscription lifecycle the server keeps: trial → expired when the trial ends (the daily job, and on every
 * read so no one waits for it) → active after payment (Stripe's webhook) → cancelled, with access until the paid
 * period's end → expired.
 */
export function createSubscriptionService(deps: {
  db: Database;
  clock: Clock;
  billing: BillingConfig | undefined;
  stripe: StripeApi | null;
  /** SUPPORT_EMAIL. */
  supportEmail?: string;
}) {
  const { db, clock, billing, stripe } = deps;

  /** Whom to ask about billing: BILLING_CONTACT, else SUPPORT_EMAIL, else the first administrator. */
  async function billingContact(): Promise<string | null> {
    if (billing?.contact) return billing.contact;
    if (deps.supportEmail) return deps.supportEmail;
    const [admin] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.isAdmin, true))
      .orderBy(asc(users.createdAt))
      .limit(1);
    return admin?.email ?? null;
  }

  function subscribeUrl(user: UserRow): string | null {
    if (!billing?.stripePaymentLink) return null;
    const url = new URL(billing.stripePaymentLink);
    url.searchParams.set('client_reference_id', user.id);
    url.searchParams.set('prefilled_email', user.email);
    return url.toString();
  }

  return {
    /** Whether the user's saved status is still the status now (time has not ended a trial or paid period). */
    isCurrent: (user: UserRow): boolean => currentSubscriptionStatus(user, clock.now()) === user.subscriptionStatus,

    /** The user with the status as it is now, saved when time moved it on (a trial or paid period that ended). */
    async current(user: UserRow): Promise<UserRow> {
      const status = currentSubscriptionStatus(user, clock.now()) as SubscriptionStatus;
      if (status === user.subscriptionStatus) return user;
      const [updated] = await db
        .update(users)
        .set({ subscriptionStatus: status, updatedAt: clock.now() })
        .where(and(eq(users.id, user.id), eq(users.subscriptionStatus, user.subscriptionStatus)))
        .returning();
      if (updated) return updated;
      const [reread] = await db.select().from(users).where(eq(users.id, user.id));
      return reread ?? user;
    },

    /** The daily job: every trial and cancelled paid period that has ended becomes expired, in one statement. */
    async expireEnded(): Promise<number> {
      const now = clock.now();
      const ended = await db
        .update(users)
        .set({ subscriptionStatus: 'expired', updatedAt: now })
        .where(
          or(
            and(
              eq(users.subscriptionStatus, 'trial'),
              or(sql`${users.trialEndDate} IS NULL`, lte(users.trialEndDate, now)),
            ),
            and(
              eq(users.subscriptionStatus, 'cancelled'),
              isNotNull(users.subscriptionPeriodEnd),
              lte(users.subscriptionPeriodEnd, now),
            ),
          ),
        )
        .returning({ id: users.id });
      return ended.length;
    },

    async details(user: UserRow): Promise<SubscriptionDetails> {
      return {
        subscriptionStatus: user.subscriptionStatus,
        trialEndDate: user.trialEndDate?.toISOString() ?? null,
        subscriptionPeriodEnd: user.subscriptionPeriodEnd?.toISOString() ?? null,
        subscribeUrl: subscribeUrl(user),
        billingContact: await billingContact(),
      };
    },

    /**
     * Cancels at the end of the paid period: at Stripe when the subscription is Stripe's, else (a status set by
     * hand) here only. Access stays until the period's end; the status says cancelled from now on.
     */
    async cancel(user: UserRow): Promise<UserRow> {
      if (user.subscriptionStatus === 'cancelled') throw AppError.badRequest('Your subscription is already cancelled.');
      if (user.subscriptionStatus !== 'active') throw AppError.badRequest('You have no paid subscription to cancel.');
      let periodEnd = user.subscriptionPeriodEnd;
      if (user.stripeSubscriptionId) {
        if (!stripe) {
          const contact = await billingContact();
          throw AppError.badRequest(
            `Billing is not set up on this server, so the subscription cannot be cancelled here.${contact ? ` Ask ${contact} to cancel it.` : ''}`,
          );
        }
        periodEnd = (await stripe.cancelAtPeriodEnd(user.stripeSubscriptionId)) ?? periodEnd;
      }
      const now = clock.now();
      // A Stripe event created before this change (still saying active) must not undo it.
      const [updated] = await db
        .update(users)
        .set({
          subscriptionStatus: 'cancelled',
          subscriptionPeriodEnd: periodEnd,
          subscriptionEventAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, user.id))
        .returning();
      return updated;
    },
  };
}
