import type { EmailAccount } from '@contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';
import { retryUnlessSignedOut } from '@/lib/query-retry';

/** GET /api/email-accounts: the user's connected mailboxes (the accounts screen and the dashboard's select). */
export async function getEmailAccounts(): Promise<EmailAccount[]> {
  const response = await apiRequest('GET', '/api/email-accounts');
  return response.json();
}

export const emailAccountsQueryOptions = () =>
  queryOptions({
    queryKey: sharedQueryKeys.emailAccounts,
    queryFn: getEmailAccounts,
    // Not retried when signed out, otherwise retried fewer than 3 times.
    retry: retryUnlessSignedOut(2),
  });

export function useEmailAccounts() {
  return useQuery(emailAccountsQueryOptions());
}
