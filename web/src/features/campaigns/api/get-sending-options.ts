import type { EmailAccount } from '@contract/accounts';
import type { Template } from '@contract/templates';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/email-accounts, shared with the accounts screen's cache: the mailboxes a campaign can go from. */
export function useSendingAccounts() {
  return useQuery({
    queryKey: sharedQueryKeys.emailAccounts,
    queryFn: async (): Promise<EmailAccount[]> => (await apiRequest('GET', '/api/email-accounts')).json(),
    // SPEC §7: not retried on 401, otherwise retried fewer than 3 times.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 401) && failureCount < 2,
  });
}

/** GET /api/templates, shared with the templates screen's cache; only Active ones can be sent (SPEC §4). */
export function useSendableTemplates() {
  return useQuery({
    queryKey: sharedQueryKeys.templates,
    queryFn: async (): Promise<Template[]> => (await apiRequest('GET', '/api/templates')).json(),
    select: (templates) => templates.filter((template) => template.status === 'active'),
  });
}
