import { isLeadSearchRunning, type LeadSearch } from '@contract/lead-finder';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api';
import { leadQueryKeys } from './lead-query-keys';

/** How often a running search's progress is asked for. */
const POLL_MS = 1000;

/** GET /api/lead-finder/searches/{id}: status, progress and results, best score first. */
export async function getLeadSearch(id: number): Promise<LeadSearch> {
  const response = await apiRequest('GET', `/api/lead-finder/searches/${id}`);
  return response.json();
}

export const leadSearchQueryOptions = (id: number) =>
  queryOptions({ queryKey: leadQueryKeys.leadSearch(id), queryFn: () => getLeadSearch(id) });

/** The search, asked for again every second while it is queued or running; the list is refreshed when it ends. */
export function useLeadSearch(id: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...leadSearchQueryOptions(id ?? 0),
    enabled: id !== null,
    refetchInterval: (current) =>
      current.state.data && !isLeadSearchRunning(current.state.data.status) ? false : POLL_MS,
  });
  const finished = query.data !== undefined && !isLeadSearchRunning(query.data.status);
  useEffect(() => {
    if (finished) queryClient.invalidateQueries({ queryKey: leadQueryKeys.leadSearches, exact: true });
  }, [finished, queryClient]);
  return query;
}
