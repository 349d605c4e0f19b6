import type { QueryClient } from '@tanstack/react-query';
import { sharedQueryKeys } from '@/lib/query-keys';

/**
 * docs/product.md §7: after a campaign starts or moves on, the campaigns, leads, sent weeks, dashboard stats, lead histories,
 * responses, accounts (sent today) and templates reads are refreshed.
 */
export async function refreshAfterCampaignChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [
      sharedQueryKeys.campaigns,
      sharedQueryKeys.leads,
      sharedQueryKeys.leadsWithSentWeeks,
      sharedQueryKeys.dashboardStats,
      sharedQueryKeys.analytics,
      sharedQueryKeys.leadContactHistory,
      sharedQueryKeys.responses,
      sharedQueryKeys.followupCount,
      sharedQueryKeys.emailAccounts,
      sharedQueryKeys.templates,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
