import type { EmailAccount } from '@contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api';
import { accountQueryKeys } from './account-query-keys';

/** GET /api/email-accounts: the user's connected mailboxes. */
export async function getEmailAccounts(): Promise<EmailAccount[]> {
  const response = await apiRequest('GET', '/api/email-accounts');
  return response.json();
}

export const emailAccountsQueryOptions = () =>
  queryOptions({
    queryKey: accountQueryKeys.list,
    queryFn: getEmailAccounts,
    // SPEC §7: not retried on 401, otherwise retried fewer than 3 times.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 401) && failureCount < 2,
  });

export function useEmailAccounts() {
  return useQuery(emailAccountsQueryOptions());
}
