// Keys are paths (docs/product.md §7: a read GETs its key's parts joined with '/').
import { sharedQueryKeys } from '@/lib/query-keys';

export const accountQueryKeys = {
  list: sharedQueryKeys.emailAccounts,
  stats: sharedQueryKeys.emailAccountStats,
  providers: ['/api/email-accounts/providers'] as const,
  connections: sharedQueryKeys.outlookConnections,
};
