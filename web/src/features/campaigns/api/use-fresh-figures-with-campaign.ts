import type { Campaign, CampaignListItem } from '@contract/campaigns';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { sharedQueryKeys } from '@/lib/query-keys';
import { refreshAfterCampaignChange } from './refresh-campaign-queries';

/** How often, at most, the mailboxes' "sent today" is read again while a campaign sends. */
const MAILBOX_COUNTS_EVERY_MS = 5_000;

/**
 * Keeps every figure that depends on the followed campaign fresh without a reload: while it sends, its row in the
 * campaigns list moves with the progress card (from the card's own reads, no extra request) and the mailboxes' counts
 * are read again now and then; when its status changes (completed, paused, failed, resumed), every read a campaign
 * changes is refreshed (refreshAfterCampaignChange).
 */
export function useFreshFiguresWithCampaign(campaign: Campaign | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef<{ status: Campaign['status']; done: number } | null>(null);
  const mailboxesReadAt = useRef(0);
  useEffect(() => {
    if (!campaign) return;
    const done = campaign.emailsSent + campaign.emailsFailed + campaign.emailsUnknown;
    const before = seen.current;
    seen.current = { status: campaign.status, done };
    if (!before) return;
    if (before.status !== campaign.status) {
      void refreshAfterCampaignChange(queryClient);
      return;
    }
    if (before.done === done) return;
    queryClient.setQueryData<CampaignListItem[]>(sharedQueryKeys.campaigns, (list) =>
      list?.map((item) => (item.id === campaign.id ? { ...item, ...campaign } : item)),
    );
    if (Date.now() - mailboxesReadAt.current >= MAILBOX_COUNTS_EVERY_MS) {
      mailboxesReadAt.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.emailAccounts });
    }
  }, [campaign, queryClient]);
}
