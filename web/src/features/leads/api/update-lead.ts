import type { Lead, LeadDetail, UpdateLeadRequest } from '@contract/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { replaceLeadInLists } from './get-leads';
import { leadQueryKeys } from './lead-query-keys';
import { refreshAfterLeadChanged } from './refresh-lead-queries';

/** PATCH /api/leads/{id}: the edited lead; 400 for an invalid email, 409 for another lead's or an opted-out lead. */
export async function updateLead({ id, changes }: { id: number; changes: UpdateLeadRequest }): Promise<Lead> {
  const response = await apiRequest('PATCH', `/api/leads/${id}`, changes);
  return response.json();
}

export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLead,
    onSuccess: (lead) => {
      replaceLeadInLists(queryClient, lead);
      queryClient.setQueryData<LeadDetail>(leadQueryKeys.detail(lead.id), (detail) => detail && { ...detail, lead });
      return refreshAfterLeadChanged(queryClient);
    },
  });
}
