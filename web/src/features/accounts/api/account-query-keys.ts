// Keys are paths (docs/product.md §7: a read GETs its key's parts joined with '/').
import { sharedQueryKeys } from '@/lib/query-keys';

export const accountQueryKeys = {
  list: sharedQueryKeys.emailAccounts,
  stats: ['/api/email-accounts/stats'] as const,
  providers: ['/api/email-accounts/providers'] as const,
  connections: ['/api/outlook-connections'] as const,
};
