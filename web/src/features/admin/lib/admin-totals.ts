import type { AdminUserRow } from '@contract/admin';
import { mailRates } from '@contract/mail-figures';

export type AdminTotals = {
  totalUsers: number;
  totalCampaigns: number;
  totalEmailsSent: number;
  totalLeads: number;
  openRate: number;
  clickRate: number;
  responseRate: number;
};

/**
 * The admin cards' figures over every user. The overall rates are computed here, in the client, from the sums of
 * the users' figures (0 when none was sent), not as an average of the users' own rates; they are the rates of
 * contract/mail-figures.ts, so the same mails give the dashboard's rates (decision 0066).
 */
export function adminTotals(rows: AdminUserRow[]): AdminTotals {
  const sum = (figure: (stats: AdminUserRow['stats']) => number) =>
    rows.reduce((total, row) => total + figure(row.stats), 0);
  const sent = sum((stats) => stats.totalEmailsSent);
  const { openRate, clickRate, responseRate } = mailRates({
    sent,
    delivered: sum((stats) => stats.emailsDelivered),
    opened: sum((stats) => stats.emailsOpened),
    clicked: sum((stats) => stats.emailsClicked),
    responded: sum((stats) => stats.emailsResponded),
  });
  return {
    totalUsers: rows.length,
    totalCampaigns: sum((stats) => stats.totalCampaigns),
    totalEmailsSent: sent,
    totalLeads: sum((stats) => stats.totalLeads),
    openRate,
    clickRate,
    responseRate,
  };
}

/** A rate as docs/product.md shows rates: one decimal and a %. */
export const formatRate = (rate: number) => `${rate.toFixed(1)}%`;
