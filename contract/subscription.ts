import { z } from 'zod';
import type { SubscriptionStatus } from './auth';

/** docs/product.md §9: one plan, $400 a month in USD, after a 14-day free trial. */
export const MONTHLY_PRICE_USD = 400;
export const TRIAL_DAYS = 14;
/** docs/product.md §9: the trial banner shows from this many days left; the badge warns from TRIAL_WARNING_DAYS. */
export const TRIAL_BANNER_DAYS = 7;
export const TRIAL_WARNING_DAYS = 3;

export const SENDING_BLOCKED_MESSAGE = 'Your free trial has expired. Subscribe to continue sending.';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The parts of a user the lifecycle reads; dates as the server keeps them or as the API sends them. */
export type SubscriptionFacts = {
  subscriptionStatus: SubscriptionStatus | string;
  trialEndDate: Date | string | null;
  /** When a cancelled subscription's paid period ends; unknown to the client, which only shows the status. */
  subscriptionPeriodEnd?: Date | string | null;
};

const time = (value: Date | string) => new Date(value).getTime();

/** docs/product.md §4: trial end minus now, rounded up to whole days; 0 without a trial end date. */
export function trialDaysRemaining(trialEndDate: Date | string | null, now: Date): number {
  if (!trialEndDate) return 0;
  return Math.ceil((time(trialEndDate) - now.getTime()) / DAY_MS);
}

/**
 * The one lifecycle rule: a trial with no day left is expired, and so is a cancelled subscription past its paid
 * period (a cancellation with no known period end, made by hand, stays until changed by hand). The server keeps
 * this in the row (on read and by the daily job); the client reads the same rule for its banners.
 */
export function currentSubscriptionStatus(
  facts: SubscriptionFacts,
  now: Date,
): SubscriptionFacts['subscriptionStatus'] {
  if (facts.subscriptionStatus === 'trial' && trialDaysRemaining(facts.trialEndDate, now) <= 0) return 'expired';
  if (
    facts.subscriptionStatus === 'cancelled' &&
    facts.subscriptionPeriodEnd &&
    time(facts.subscriptionPeriodEnd) <= now.getTime()
  )
    return 'expired';
  return facts.subscriptionStatus;
}

/** Whether campaigns and sequence steps may go out: not once the trial or the paid period is over. */
export function maySend(facts: SubscriptionFacts, now: Date): boolean {
  return currentSubscriptionStatus(facts, now) !== 'expired';
}

export type SubscriptionBannerKind = 'trial-ending' | 'trial-expired' | 'reactivate';

/** docs/product.md §2 and §4: which banner the dashboard and settings show, and its words; null for none. */
export function subscriptionBanner(
  facts: SubscriptionFacts,
  now: Date,
): { kind: SubscriptionBannerKind; text: string } | null {
  if (facts.subscriptionStatus === 'expired')
    return { kind: 'reactivate', text: 'Your free trial has expired. Please subscribe to continue using the product.' };
  if (facts.subscriptionStatus !== 'trial') return null;
  const days = trialDaysRemaining(facts.trialEndDate, now);
  if (days <= 0)
    return { kind: 'trial-expired', text: 'Your free trial has expired. Subscribe now to continue using the product.' };
  if (days <= TRIAL_BANNER_DAYS)
    return {
      kind: 'trial-ending',
      text: `Your free trial ends in ${days} day(s). Subscribe now to continue using the product after your trial expires.`,
    };
  return null;
}

/** GET /api/subscription: what the Subscription card needs beyond the user. */
export const subscriptionDetailsSchema = z.object({
  subscriptionStatus: z.enum(['trial', 'active', 'cancelled', 'expired']),
  trialEndDate: z.string().nullable(),
  /** Active: the next renewal; cancelled: when access ends. */
  subscriptionPeriodEnd: z.string().nullable(),
  /** The Stripe Payment Link for this user (their id and email filled in); null when billing is not set up. */
  subscribeUrl: z.string().nullable(),
  /** Whom to ask about billing; null when nobody is known. */
  billingContact: z.string().nullable(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;
