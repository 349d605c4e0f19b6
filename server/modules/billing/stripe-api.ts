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
  const failed = (error: unknown) => new AppError('internal', refusalWords(error), 502);
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

/**
 * Stripe's failure as the subscriber reads it: a refused key is this server's setup, never named to them
 * (docs/product.md §8); a refusal of the change itself is quoted in Stripe's words ("No such subscription").
 */
function refusalWords(error: unknown): string {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'StripeAuthenticationError' || type === 'StripePermissionError') {
    return 'Billing is not set up correctly on this server, so nothing was changed. Ask your administrator to check it.';
  }
  if (type === 'StripeConnectionError' || !(error instanceof Error)) {
    return 'Stripe could not be reached, so nothing was changed. Please try again in a few minutes.';
  }
  return `Stripe refused the change: ${error.message}`;
}
