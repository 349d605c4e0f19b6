import type { AdminUserRow } from '@contract/admin';
import { ratePercent } from '@contract/display';

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
 * The admin cards' figures over every user. SPEC §9: the overall rates are computed here, in the client, as the
 * sum of opens, clicks and responses over the sum of emails sent (0 when none was sent), not as an average of the
 * users' own rates.
 */
export function adminTotals(rows: AdminUserRow[]): AdminTotals {
  const sum = (figure: (stats: AdminUserRow['stats']) => number) =>
    rows.reduce((total, row) => total + figure(row.stats), 0);
  const sent = sum((stats) => stats.totalEmailsSent);
  return {
    totalUsers: rows.length,
    totalCampaigns: sum((stats) => stats.totalCampaigns),
    totalEmailsSent: sent,
    totalLeads: sum((stats) => stats.totalLeads),
    openRate: ratePercent(
      sum((stats) => stats.emailsOpened),
      sent,
    ),
    clickRate: ratePercent(
      sum((stats) => stats.emailsClicked),
      sent,
    ),
    responseRate: ratePercent(
      sum((stats) => stats.emailsResponded),
      sent,
    ),
  };
}

/** A rate as SPEC shows rates: one decimal and a %. */
export const formatRate = (rate: number) => `${rate.toFixed(1)}%`;
