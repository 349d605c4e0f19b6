import type { LeadContactHistory } from '@contract/leads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { leadQueryKeys } from './lead-query-keys';

/** GET /api/lead-contact-history/{id}: the lead's history, newest first (docs/product.md §7's cached read). */
export async function getLeadContactHistory(id: number): Promise<LeadContactHistory> {
  const response = await apiRequest('GET', `/api/lead-contact-history/${id}`);
  return response.json();
}

export const leadContactHistoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: leadQueryKeys.contactHistoryOf(id), queryFn: () => getLeadContactHistory(id) });

/** `enabled: false` once the lead is being deleted: its history is not asked again. */
export function useLeadContactHistory(id: number, { enabled = true } = {}) {
  return useQuery({ ...leadContactHistoryQueryOptions(id), enabled });
}
