import type { LeadSearchListItem } from '@contract/lead-finder';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { leadQueryKeys } from './lead-query-keys';

/** GET /api/lead-finder/searches: the user's searches, newest first. */
export async function getLeadSearches(): Promise<LeadSearchListItem[]> {
  const response = await apiRequest('GET', '/api/lead-finder/searches');
  return response.json();
}

export const leadSearchesQueryOptions = () =>
  queryOptions({ queryKey: leadQueryKeys.leadSearches, queryFn: getLeadSearches });

export function useLeadSearches() {
  return useQuery(leadSearchesQueryOptions());
}
