import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { refreshAfterResponseChange } from './refresh-response-queries';

/** POST /api/responses/{id}/complete-followup: the reply needs no more follow-up. */
export async function completeFollowup(id: number): Promise<void> {
  await apiRequest('POST', `/api/responses/${id}/complete-followup`);
}

export function useCompleteFollowup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: completeFollowup, onSuccess: () => refreshAfterResponseChange(queryClient) });
}
