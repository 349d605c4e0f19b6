import { FOLLOWUPS_PANEL_LIMIT, type ProspectResponse } from '@contract/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { pendingFollowups } from '../lib/response-display';
import { responseQueryKeys } from './response-query-keys';

/** GET /api/responses?followupRequired=true&limit=10: the newest replies waiting for a follow-up (docs/product.md §7). */
export async function getFollowups(): Promise<ProspectResponse[]> {
  return (await apiRequest('GET', `/api/responses?followupRequired=true&limit=${FOLLOWUPS_PANEL_LIMIT}`)).json();
}

export const followupsQueryOptions = () =>
  queryOptions({ queryKey: responseQueryKeys.followups, queryFn: getFollowups, select: pendingFollowups });

export function useFollowups() {
  return useQuery(followupsQueryOptions());
}
