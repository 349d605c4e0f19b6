import type { QueryClient } from '@tanstack/react-query';
import { sharedQueryKeys } from '@/lib/query-keys';
import { leadQueryKeys } from './lead-query-keys';

// Reads other screens keep that depend on the leads (SPEC §7: refreshed after lead changes).
const dependentKeys = [
  sharedQueryKeys.leadsWithSentWeeks,
  sharedQueryKeys.dashboardStats,
  leadQueryKeys.contactHistory,
];

/**
 * After a lead is added or a CSV imported: the list starts again at page 1 (SPEC §4), and every read derived
 * from the leads is refreshed.
 */
export async function refreshAfterLeadsAdded(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.resetQueries({ queryKey: leadQueryKeys.list, exact: true }),
    queryClient.resetQueries({ queryKey: leadQueryKeys.flaggedList('role'), exact: true }),
    queryClient.resetQueries({ queryKey: leadQueryKeys.flaggedList('disposable'), exact: true }),
    // Each lead's details ('/api/leads', id); the list itself was reset above.
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) => queryKey[0] === leadQueryKeys.all[0] && typeof queryKey[1] === 'number',
    }),
    queryClient.invalidateQueries({ queryKey: leadQueryKeys.counts }),
    ...dependentKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}

/**
 * After a lead is deleted: the loaded list drops the row in place (SPEC §4) and is only marked stale, so it
 * reloads on the next visit rather than now; the rest is refreshed.
 */
export async function refreshAfterLeadDeleted(queryClient: QueryClient, id: number): Promise<void> {
  queryClient.removeQueries({ queryKey: leadQueryKeys.detail(id), exact: true });
  queryClient.removeQueries({ queryKey: leadQueryKeys.contactHistoryOf(id), exact: true });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: leadQueryKeys.all, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: leadQueryKeys.counts }),
    ...dependentKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}
