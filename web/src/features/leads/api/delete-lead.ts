import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { removeLeadFromList } from './get-leads';
import { refreshAfterLeadDeleted } from './refresh-lead-queries';

/** DELETE /api/leads/{id} */
export async function deleteLead(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/leads/${id}`);
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLead,
    onSuccess: (_, id) => {
      removeLeadFromList(queryClient, id);
      return refreshAfterLeadDeleted(queryClient, id);
    },
  });
}
