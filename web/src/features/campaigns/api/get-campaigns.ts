import type { CampaignListItem } from '@contract/campaigns';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/campaigns: the user's recent campaigns, newest first. */
export function useCampaigns() {
  return useQuery({
    queryKey: sharedQueryKeys.campaigns,
    queryFn: async (): Promise<CampaignListItem[]> => (await apiRequest('GET', '/api/campaigns')).json(),
  });
}
