import type { CampaignRow } from '../../db/schema';

/** The mailboxes a campaign sends from: its rotation, or its one account (campaigns from before rotation). */
export function campaignAccountIds(campaign: Pick<CampaignRow, 'accountId' | 'accountIds'>): number[] {
  if (campaign.accountIds.length > 0) return campaign.accountIds;
  return campaign.accountId ? [campaign.accountId] : [];
}
