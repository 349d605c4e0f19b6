import type Stripe from 'stripe';
import { AppError } from '../../lib/app-error';

/** What we ask of Stripe's API; built only when STRIPE_SECRET_KEY is set. */
export type StripeApi = {
  /** Sets the subscription to end with its paid period; answers that period's end. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<Date | null>;
  /** The end of the subscription's current paid period. */
  periodEnd(subscriptionId: string): Promise<Date | null>;
};

/** The paid period's end: on the subscription's items since Stripe's 2025 API versions, else `cancel_at`. */
export function subscriptionPeriodEnd(subscription: Stripe.Subscription): Date | null {
  const itemEnds = (subscription.items?.data ?? []).map((item) => item.current_period_end).filter(Boolean);
  const seconds = itemEnds.length > 0 ? Math.max(...itemEnds) : subscription.cancel_at;
  return seconds ? new Date(seconds * 1000) : null;
}

export function createStripeApi(secretKey: string, apiUrl: string): StripeApi {
  const url = new URL(apiUrl);
  // Stripe's SDK is loaded by the first call, not by every server start (decision 0043).
  let client: Promise<Stripe> | undefined;
  const stripe = () =>
    (client ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(secretKey, {
          host: url.hostname,
          port: url.port || (url.protocol === 'http:' ? 80 : 443),
          protocol: url.protocol === 'http:' ? 'http' : 'https',
          maxNetworkRetries: 1,
          timeout: 20_000,
        }),
    ));
  const failed = (error: unknown) =>
    new AppError(
      'internal',
      `Stripe could not be reached or refused the change: ${error instanceof Error ? error.message : String(error)}`,
      502,
    );
  return {
    async cancelAtPeriodEnd(subscriptionId) {
      try {
        return subscriptionPeriodEnd(
          await (await stripe()).subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
        );
      } catch (error) {
        throw failed(error);
      }
    },
    async periodEnd(subscriptionId) {
      try {
        return subscriptionPeriodEnd(await (await stripe()).subscriptions.retrieve(subscriptionId));
      } catch (error) {
        throw failed(error);
      }
    },
  };
}
