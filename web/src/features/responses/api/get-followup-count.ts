import type { FollowupCount } from '@contract/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { responseQueryKeys } from './response-query-keys';

/** GET /api/followups/count: how many replies still wait for a follow-up. */
export async function getFollowupCount(): Promise<FollowupCount> {
  return (await apiRequest('GET', '/api/followups/count')).json();
}

export const followupCountQueryOptions = () =>
  queryOptions({ queryKey: responseQueryKeys.followupCount, queryFn: getFollowupCount });

export function useFollowupCount() {
  return useQuery(followupCountQueryOptions());
}
