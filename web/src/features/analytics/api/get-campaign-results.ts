import type { AnalyticsRange, CampaignResults } from '@contract/analytics';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/analytics/campaigns?range=: the range's newest campaigns with replies and meetings, per step too. */
export function useCampaignResults(range: AnalyticsRange) {
  return useQuery({
    queryKey: [...sharedQueryKeys.analytics, 'campaigns', range],
    queryFn: async (): Promise<CampaignResults[]> =>
      (await apiRequest('GET', `/api/analytics/campaigns?range=${range}`)).json(),
  });
}
