import type { CreateApiKeyRequest, CreatedApiKey } from '@contract/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiKeysQueryKey } from './get-api-keys';

/** POST /api/api-keys: a new key, whose secret the answer holds this once. */
export async function createApiKey(request: CreateApiKeyRequest): Promise<CreatedApiKey> {
  const response = await apiRequest('POST', '/api/api-keys', request);
  return response.json();
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
