import type { LeadContactHistory } from '@contract/leads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { leadQueryKeys } from './lead-query-keys';

/** GET /api/lead-contact-history/{id}: the lead's history, newest first (SPEC §7's cached read). */
export async function getLeadContactHistory(id: number): Promise<LeadContactHistory> {
  const response = await apiRequest('GET', `/api/lead-contact-history/${id}`);
  return response.json();
}

export const leadContactHistoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: leadQueryKeys.contactHistoryOf(id), queryFn: () => getLeadContactHistory(id) });

export function useLeadContactHistory(id: number) {
  return useQuery(leadContactHistoryQueryOptions(id));
}
