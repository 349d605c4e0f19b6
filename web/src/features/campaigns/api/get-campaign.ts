import { CAMPAIGN_POLL_MS, type Campaign, isSequenceBetweenSteps, WAITING_SEQUENCE_POLL_MS } from '@contract/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/campaigns/{id}: the campaign's counts, polled every second while it runs (docs/product.md §9). */
export async function getCampaign(id: number): Promise<Campaign> {
  return (await apiRequest('GET', `/api/campaigns/${id}`)).json();
}

export const campaignQueryOptions = (id: number | null) =>
  queryOptions({ queryKey: [...sharedQueryKeys.campaigns, id], queryFn: () => getCampaign(id as number) });

export function useCampaign(id: number | null) {
  return useQuery({
    ...campaignQueryOptions(id),
    enabled: id !== null,
    staleTime: 0,
    // A sequence between two steps may wait for days: it is read now and then, not every second.
    refetchInterval: ({ state: { data } }) =>
      data?.status !== 'running' ? false : isSequenceBetweenSteps(data) ? WAITING_SEQUENCE_POLL_MS : CAMPAIGN_POLL_MS,
  });
}
