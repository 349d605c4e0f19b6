import type { QueryClient } from '@tanstack/react-query';
import { sharedQueryKeys } from '@/lib/query-keys';

/** After any account change (the accounts screen, or the dashboard marking a mailbox warm): the list, its stats and which connections are linked may all have moved. */
export async function refreshAfterAccountChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [sharedQueryKeys.emailAccounts, sharedQueryKeys.emailAccountStats, sharedQueryKeys.outlookConnections].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
