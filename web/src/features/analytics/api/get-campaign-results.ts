import type { AnalyticsRange, CampaignResults } from '@contract/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/analytics/campaigns?range=: the range's newest campaigns with replies and meetings, per step too. */
export async function getCampaignResults(range: AnalyticsRange): Promise<CampaignResults[]> {
  return (await apiRequest('GET', `/api/analytics/campaigns?range=${range}`)).json();
}

export const campaignResultsQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: [...sharedQueryKeys.analytics, 'campaigns', range],
    queryFn: () => getCampaignResults(range),
  });

export function useCampaignResults(range: AnalyticsRange) {
  return useQuery(campaignResultsQueryOptions(range));
}
