import type { QueryClient } from '@tanstack/react-query';
import { sharedQueryKeys } from '@/lib/query-keys';
import { responseQueryKeys } from './response-query-keys';

/**
 * docs/product.md §7: after a reply is answered, completed or edited, the responses and follow-up count are read again, and
 * so are the reads it shows in: the dashboard's figures, the leads and their histories, and the account's sends
 * today (a reply counts against the daily limit).
 */
export async function refreshAfterResponseChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [
      responseQueryKeys.all,
      responseQueryKeys.followupCount,
      sharedQueryKeys.dashboardStats,
      sharedQueryKeys.analytics,
      sharedQueryKeys.leads,
      sharedQueryKeys.leadContactHistory,
      sharedQueryKeys.emailAccounts,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
