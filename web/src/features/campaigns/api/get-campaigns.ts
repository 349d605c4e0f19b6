import type { CampaignListItem } from '@contract/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/campaigns: the user's recent campaigns, newest first. */
export async function getCampaigns(): Promise<CampaignListItem[]> {
  return (await apiRequest('GET', '/api/campaigns')).json();
}

export const campaignsQueryOptions = () => queryOptions({ queryKey: sharedQueryKeys.campaigns, queryFn: getCampaigns });

export function useCampaigns() {
  return useQuery(campaignsQueryOptions());
}
