import type { BulkLeadsResult, LeadStatus } from '@contract/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { refreshAfterLeadsAdded } from './refresh-lead-queries';

/** POST /api/leads/bulk-delete: answers how many of the leads were deleted. */
export async function bulkDeleteLeads(ids: number[]): Promise<BulkLeadsResult> {
  const response = await apiRequest('POST', '/api/leads/bulk-delete', { ids });
  return response.json();
}

/** POST /api/leads/bulk-status: answers how many of the leads changed status. */
export async function bulkSetLeadStatus(request: { ids: number[]; status: LeadStatus }): Promise<BulkLeadsResult> {
  const response = await apiRequest('POST', '/api/leads/bulk-status', request);
  return response.json();
}

/** Both bulk actions: afterwards every list starts again at page 1 and the counts are read again. */
export function useBulkLeadActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => refreshAfterLeadsAdded(queryClient);
  return {
    remove: useMutation({ mutationFn: bulkDeleteLeads, onSuccess }),
    setStatus: useMutation({ mutationFn: bulkSetLeadStatus, onSuccess }),
  };
}
