import type { AccountStats } from '@contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { accountQueryKeys } from './account-query-keys';

/** GET /api/email-accounts/stats: emails sent today and this week over all the user's accounts. */
export async function getAccountStats(): Promise<AccountStats> {
  const response = await apiRequest('GET', '/api/email-accounts/stats');
  return response.json();
}

export const accountStatsQueryOptions = () =>
  queryOptions({ queryKey: accountQueryKeys.stats, queryFn: getAccountStats });

export function useAccountStats() {
  return useQuery(accountStatsQueryOptions());
}
