import type { LeadDetail } from '@contract/leads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { leadQueryKeys } from './lead-query-keys';

/** GET /api/leads/{id}: the lead with its contact summary; 404 "Lead not found" for an unknown id. */
export async function getLeadDetail(id: number): Promise<LeadDetail> {
  const response = await apiRequest('GET', `/api/leads/${id}`);
  return response.json();
}

export const leadDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: leadQueryKeys.detail(id), queryFn: () => getLeadDetail(id) });

/** `enabled: false` once the lead is being deleted: its details are not asked again. */
export function useLeadDetail(id: number, { enabled = true } = {}) {
  return useQuery({ ...leadDetailQueryOptions(id), enabled });
}
