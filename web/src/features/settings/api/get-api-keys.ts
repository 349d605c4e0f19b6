import type { ApiKey } from '@contract/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/api-keys: the user's live keys, newest first (never the keys themselves). */
export async function getApiKeys(): Promise<ApiKey[]> {
  const response = await apiRequest('GET', '/api/api-keys');
  return response.json();
}

export const apiKeysQueryKey = ['/api/api-keys'] as const;

export const apiKeysQueryOptions = () => queryOptions({ queryKey: apiKeysQueryKey, queryFn: getApiKeys });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
