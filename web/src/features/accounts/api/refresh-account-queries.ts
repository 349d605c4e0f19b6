import type { QueryClient } from '@tanstack/react-query';
import { accountQueryKeys } from './account-query-keys';

/** After any account change: the list, its stats and which connections are linked may all have moved. */
export async function refreshAfterAccountChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [accountQueryKeys.list, accountQueryKeys.stats, accountQueryKeys.connections].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
