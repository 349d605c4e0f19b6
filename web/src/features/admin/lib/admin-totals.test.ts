import type { AdminUserRow } from '@contract/admin';
import { describe, expect, it } from 'vitest';
import { adminTotals, formatRate } from './admin-totals';

const row = (stats: Partial<AdminUserRow['stats']>): AdminUserRow => ({
  user: { id: crypto.randomUUID(), email: 'someone@test.dev', firstName: null, lastName: null, isAdmin: false },
  stats: {
    totalLeads: 0,
    activeLeads: 0,
    totalCampaigns: 0,
    totalEmailsSent: 0,
    emailsDelivered: 0,
    emailsOpened: 0,
    emailsClicked: 0,
    emailsResponded: 0,
    openRate: 0,
    clickRate: 0,
    responseRate: 0,
    lastCampaignDate: null,
    ...stats,
  },
  subscriptionStatus: 'trial',
  accounts: [],
});

describe('adminTotals', () => {
  it('sums opens, clicks and responses over the sum of emails delivered, not the average of the users’ rates', () => {
    const totals = adminTotals([
      // 90% open rate on 10 mails, 10% on 990: the overall rate is 108 of 1,000, not the 50% average. Mails sent
      // but not delivered (20 refused) count as sent and are not the base of a rate, as on the dashboard.
      row({ totalEmailsSent: 10, emailsDelivered: 10, emailsOpened: 9, emailsClicked: 5, emailsResponded: 2 }),
      row({ totalEmailsSent: 1010, emailsDelivered: 990, emailsOpened: 99, emailsClicked: 20, emailsResponded: 1 }),
      row({ totalLeads: 7, totalCampaigns: 3 }),
    ]);
    expect(totals).toEqual({
      totalUsers: 3,
      totalCampaigns: 3,
      totalEmailsSent: 1020,
      totalLeads: 7,
      openRate: 10.8,
      clickRate: 2.5,
      responseRate: 0.3,
    });
  });

  it('reads 0 for every rate when nothing was sent, and for no users at all', () => {
    expect(adminTotals([row({ totalLeads: 4 })])).toMatchObject({ openRate: 0, clickRate: 0, responseRate: 0 });
    expect(adminTotals([])).toEqual({
      totalUsers: 0,
      totalCampaigns: 0,
      totalEmailsSent: 0,
      totalLeads: 0,
      openRate: 0,
      clickRate: 0,
      responseRate: 0,
    });
  });

  it('shows rates with one decimal and a %', () => {
    expect(formatRate(10.8)).toBe('10.8%');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(100)).toBe('100.0%');
  });
});
