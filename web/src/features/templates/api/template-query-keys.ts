// Keys are paths (docs/product.md §7: a read GETs its key's parts joined with '/').
import { sharedQueryKeys } from '@/lib/query-keys';

export const templateQueryKeys = {
  list: sharedQueryKeys.templates,
  performance: ['/api/templates/performance'] as const,
  detail: (id: number) => ['/api/templates', id] as const,
};
