import { describe, expect, it } from 'vitest';
import { subscriptionChangeRequest } from './subscription-change';

const now = new Date(2026, 10, 23, 10, 0, 0); // 23 November 2026, 10:00 local time

describe('subscriptionChangeRequest', () => {
  it('sends the status alone when no end day is picked, so the server picks its default', () => {
    expect(subscriptionChangeRequest('active', '', now)).toEqual({ request: { status: 'active' } });
    expect(subscriptionChangeRequest('expired', '', now)).toEqual({ request: { status: 'expired' } });
  });

  it('ends access at the last second of the day picked, in local time', () => {
    expect(subscriptionChangeRequest('active', '2026-12-31', now)).toEqual({
      request: { status: 'active', periodEnd: new Date(2026, 11, 31, 23, 59, 59).toISOString() },
    });
    // Today still counts: access lasts until tonight.
    expect(subscriptionChangeRequest('cancelled', '2026-11-23', now)).toEqual({
      request: { status: 'cancelled', periodEnd: new Date(2026, 10, 23, 23, 59, 59).toISOString() },
    });
  });

  it('refuses a day already over, and leaves the day out for an expired subscription', () => {
    expect(subscriptionChangeRequest('trial', '2026-11-22', now)).toEqual({
      problem: 'The end date must be in the future.',
    });
    expect(subscriptionChangeRequest('expired', '2026-12-31', now)).toEqual({ request: { status: 'expired' } });
  });
});
