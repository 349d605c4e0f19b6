import type { ProvidersStatus } from '@contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { accountQueryKeys } from './account-query-keys';

/** GET /api/email-accounts/providers: which sign-in flows this install has client credentials for. */
export async function getProvidersStatus(): Promise<ProvidersStatus> {
  const response = await apiRequest('GET', '/api/email-accounts/providers');
  return response.json();
}

export const providersStatusQueryOptions = () =>
  queryOptions({ queryKey: accountQueryKeys.providers, queryFn: getProvidersStatus });

export function useProvidersStatus() {
  return useQuery(providersStatusQueryOptions());
}
