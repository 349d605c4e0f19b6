import { CAMPAIGN_POLL_MS, type Campaign } from '@contract/campaigns';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/campaigns/{id}: the campaign's counts, polled every second while it runs (SPEC §9). */
export async function getCampaign(id: number): Promise<Campaign> {
  return (await apiRequest('GET', `/api/campaigns/${id}`)).json();
}

export function useCampaign(id: number | null) {
  return useQuery({
    queryKey: [...sharedQueryKeys.campaigns, id],
    queryFn: () => getCampaign(id as number),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? CAMPAIGN_POLL_MS : false),
  });
}
