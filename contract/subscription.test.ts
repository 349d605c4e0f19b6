import { describe, expect, it } from 'vitest';
import { currentSubscriptionStatus, maySend, subscriptionBanner, trialDaysRemaining } from './subscription';

const now = new Date('2026-11-23T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
const trial = (days: number) => ({ subscriptionStatus: 'trial', trialEndDate: inDays(days) });

describe('the subscription rule', () => {
  it('counts trial days rounded up, 0 without an end date', () => {
    expect(trialDaysRemaining(inDays(14), now)).toBe(14);
    expect(trialDaysRemaining(inDays(2.1), now)).toBe(3);
    expect(trialDaysRemaining(inDays(-1.5), now)).toBe(-1);
    expect(trialDaysRemaining(null, now)).toBe(0);
  });

  it('shows the banners at docs/product.md’s thresholds, with their words', () => {
    expect(subscriptionBanner(trial(8), now)).toBeNull();
    expect(subscriptionBanner(trial(7), now)?.text).toBe(
      'Your free trial ends in 7 day(s). Subscribe now to continue using the product after your trial expires.',
    );
    expect(subscriptionBanner(trial(0), now)?.text).toBe(
      'Your free trial has expired. Subscribe now to continue using the product.',
    );
    expect(subscriptionBanner({ subscriptionStatus: 'expired', trialEndDate: null }, now)?.text).toBe(
      'Your free trial has expired. Please subscribe to continue using the product.',
    );
    expect(subscriptionBanner({ subscriptionStatus: 'active', trialEndDate: null }, now)).toBeNull();
    expect(subscriptionBanner({ subscriptionStatus: 'cancelled', trialEndDate: null }, now)).toBeNull();
  });

  it('ends a trial and a cancelled paid period when their time is up, and sending with them', () => {
    expect(currentSubscriptionStatus(trial(0.01), now)).toBe('trial');
    expect(currentSubscriptionStatus(trial(-0.01), now)).toBe('expired');
    const cancelled = (days: number | null) => ({
      subscriptionStatus: 'cancelled',
      trialEndDate: null,
      subscriptionPeriodEnd: days === null ? null : inDays(days),
    });
    expect(currentSubscriptionStatus(cancelled(3), now)).toBe('cancelled');
    expect(maySend(cancelled(3), now)).toBe(true);
    expect(currentSubscriptionStatus(cancelled(-1), now)).toBe('expired');
    expect(maySend(cancelled(-1), now)).toBe(false);
    expect(currentSubscriptionStatus(cancelled(null), now)).toBe('cancelled');
    expect(maySend({ subscriptionStatus: 'active', trialEndDate: inDays(-30) }, now)).toBe(true);
  });
});
