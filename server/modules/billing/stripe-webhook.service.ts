import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { SubscriptionStatus } from '../../../contract/auth';
import type { Database } from '../../db/client';
import { billingEvents, type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUuid } from '../../lib/uuid';
import { type StripeApi, subscriptionPeriodEnd } from './stripe-api';

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;

/** What one event changes on one user; `set` is empty for events only noted (a failed payment), with a note. */
type Change = { userId: string | null; set: Partial<Pick<UserRow, SubscriptionField>>; note?: string };
type SubscriptionField = 'subscriptionStatus' | 'subscriptionPeriodEnd' | 'stripeCustomerId' | 'stripeSubscriptionId';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/** Stripe's subscription states, as ours: paying (or retrying a payment) is active unless set to end. */
function statusOf(subscription: Stripe.Subscription): SubscriptionStatus | undefined {
  switch (subscription.status) {
    case 'active':
    case 'trialing':
    case 'past_due':
      return subscription.cancel_at_period_end || subscription.cancel_at ? 'cancelled' : 'active';
    case 'canceled':
    case 'unpaid':
    case 'incomplete_expired':
    case 'paused':
      return 'expired';
    default:
      // incomplete: the first payment has not gone through yet; nothing changes.
      return undefined;
  }
}

/**
 * Applies Stripe's webhook events to the subscription lifecycle. Signed on the raw body; each event id is applied
 * once (Stripe retries and replays), and an event older than the newest one applied changes nothing (Stripe does
 * not deliver in order).
 */
export function createStripeWebhookService(deps: {
  db: Database;
  clock: Clock;
  webhookSecret: string | undefined;
  stripe: StripeApi | null;
}) {
  const { db, clock, webhookSecret, stripe } = deps;

  async function userByStripeIds(subscriptionId: string | undefined, customerId: string | undefined) {
    const matches = [
      subscriptionId ? eq(users.stripeSubscriptionId, subscriptionId) : undefined,
      customerId ? eq(users.stripeCustomerId, customerId) : undefined,
    ].filter((match) => match !== undefined);
    if (matches.length === 0) return null;
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(or(...matches))
      .limit(1);
    return user?.id ?? null;
  }

  async function changeOf(event: Stripe.Event): Promise<Change | null> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const reference = session.client_reference_id;
        if (!reference || !isUuid(reference) || session.payment_status === 'unpaid') return null;
        const subscriptionId = idOf(session.subscription);
        const periodEnd = subscriptionId && stripe ? await stripe.periodEnd(subscriptionId) : null;
        return {
          userId: reference,
          set: {
            subscriptionStatus: 'active',
            stripeCustomerId: idOf(session.customer) ?? null,
            stripeSubscriptionId: subscriptionId ?? null,
            subscriptionPeriodEnd: periodEnd,
          },
        };
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const userId = await userByStripeIds(subscription.id, idOf(subscription.customer));
        const status = event.type === 'customer.subscription.deleted' ? 'expired' : statusOf(subscription);
        return {
          userId,
          set: {
            ...(status ? { subscriptionStatus: status } : {}),
            subscriptionPeriodEnd: subscriptionPeriodEnd(subscription),
            stripeSubscriptionId: subscription.id,
          },
        };
      }
      case 'invoice.payment_failed': {
        // Stripe retries the payment; access stays until the paid period ends (or Stripe ends the subscription).
        const invoice = event.data.object;
        const userId = await userByStripeIds(undefined, idOf(invoice.customer));
        return { userId, set: {}, note: `payment failed for user ${userId ?? 'unknown'}; Stripe will retry it` };
      }
      default:
        return null;
    }
  }

  return {
    /** Verifies and applies one delivery; answers whether it changed anything, and what to note in the log. */
    async handle(rawBody: Buffer, signature: string | undefined): Promise<{ applied: boolean; note?: string }> {
      if (!webhookSecret) throw AppError.notFound('Stripe webhooks are not set up on this server');
      // Stripe's SDK is loaded by the first delivery, not by every server start (decision 0043).
      const { default: StripeSdk } = await import('stripe');
      let event: Stripe.Event;
      try {
        event = StripeSdk.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          webhookSecret,
          undefined,
          undefined,
          clock.now().getTime(),
        );
      } catch (error) {
        throw AppError.badRequest(
          `Invalid Stripe signature: ${error instanceof Error ? error.message : 'could not be verified'}`,
        );
      }
      const [seen] = await db
        .select({ id: billingEvents.id })
        .from(billingEvents)
        .where(eq(billingEvents.id, event.id));
      if (seen) return { applied: false };
      const change = await changeOf(event);
      if (!change) return { applied: false };
      const createdAt = new Date(event.created * 1000);
      return db.transaction(async (tx) => {
        const [user] = change.userId
          ? await tx.select({ id: users.id }).from(users).where(eq(users.id, change.userId))
          : [];
        const [fresh] = await tx
          .insert(billingEvents)
          .values({ id: event.id, type: event.type, userId: user?.id ?? null })
          .onConflictDoNothing()
          .returning({ id: billingEvents.id });
        if (!fresh) return { applied: false };
        if (!user || Object.keys(change.set).length === 0) return { applied: false, note: change.note };
        const updated = await tx
          .update(users)
          .set({ ...change.set, subscriptionEventAt: createdAt, updatedAt: clock.now() })
          .where(
            and(
              eq(users.id, user.id),
              or(isNull(users.subscriptionEventAt), lte(users.subscriptionEventAt, createdAt)),
            ),
          )
          .returning({ id: users.id });
        return { applied: updated.length > 0 };
      });
    },
  };
}
