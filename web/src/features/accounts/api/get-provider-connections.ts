import type { ProviderConnection } from '@contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { accountQueryKeys } from './account-query-keys';

/** GET /api/outlook-connections: every provider connection of the user, and whether each is linked already. */
export async function getProviderConnections(): Promise<ProviderConnection[]> {
  const response = await apiRequest('GET', '/api/outlook-connections');
  return response.json();
}

export const providerConnectionsQueryOptions = () =>
  queryOptions({ queryKey: accountQueryKeys.connections, queryFn: getProviderConnections });

/** docs/product.md §7: only read while the integration tab is open, so only that tab calls this. */
export function useProviderConnections() {
  return useQuery(providerConnectionsQueryOptions());
}
