import type { UpdateResponseRequest } from '@contract/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { refreshAfterResponseChange } from './refresh-response-queries';

type UpdateResponseVariables = { id: number; changes: UpdateResponseRequest };

/** PATCH /api/responses/{id}: a new priority set by hand, or a meeting booked (or not). */
export async function updateResponse({ id, changes }: UpdateResponseVariables): Promise<void> {
  await apiRequest('PATCH', `/api/responses/${id}`, changes);
}

export function useUpdateResponse() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateResponse, onSuccess: () => refreshAfterResponseChange(queryClient) });
}
