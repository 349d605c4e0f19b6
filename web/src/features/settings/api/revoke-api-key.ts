import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiKeysQueryKey } from './get-api-keys';

/** DELETE /api/api-keys/{id}: the key stops working at once. */
export async function revokeApiKey(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/api-keys/${id}`);
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
