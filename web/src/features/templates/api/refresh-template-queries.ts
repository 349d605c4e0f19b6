import type { QueryClient } from '@tanstack/react-query';
import { templateQueryKeys } from './template-query-keys';

/** After a template is created, changed or deleted: the list and the per-template analytics both change. */
export async function refreshTemplateQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: templateQueryKeys.list }),
    queryClient.invalidateQueries({ queryKey: templateQueryKeys.performance }),
  ]);
}
