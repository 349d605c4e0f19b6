import type { LeadSearch, StartLeadSearchRequest } from '@contract/lead-finder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { leadQueryKeys } from './lead-query-keys';

/** POST /api/lead-finder/searches: the search, queued. */
export async function startLeadSearch(request: StartLeadSearchRequest): Promise<LeadSearch> {
  const response = await apiRequest('POST', '/api/lead-finder/searches', request);
  return response.json();
}

export function useStartLeadSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startLeadSearch,
    onSuccess: (search) => {
      queryClient.setQueryData(leadQueryKeys.leadSearch(search.id), search);
      return queryClient.invalidateQueries({ queryKey: leadQueryKeys.leadSearches, exact: true });
    },
  });
}
