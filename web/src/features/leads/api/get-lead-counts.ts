import type { LeadCounts } from '@contract/leads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { leadQueryKeys } from './lead-query-keys';

/** GET /api/leads/count: total, active and unsubscribed. */
export async function getLeadCounts(): Promise<LeadCounts> {
  const response = await apiRequest('GET', '/api/leads/count');
  return response.json();
}

export const leadCountsQueryOptions = () => queryOptions({ queryKey: leadQueryKeys.counts, queryFn: getLeadCounts });

export function useLeadCounts() {
  return useQuery(leadCountsQueryOptions());
}
