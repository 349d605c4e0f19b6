import type { Query, QueryClient } from '@tanstack/react-query';
import { sharedQueryKeys } from '@/lib/query-keys';
import { leadQueryKeys } from './lead-query-keys';

// Reads other screens keep that depend on the leads (docs/product.md §7: refreshed after lead changes).
const dependentKeys = [
  sharedQueryKeys.leadsWithSentWeeks,
  sharedQueryKeys.dashboardStats,
  leadQueryKeys.contactHistory,
];

const isListKey = (queryKey: readonly unknown[]) =>
  queryKey[0] === leadQueryKeys.all[0] && typeof queryKey[1] === 'object' && queryKey[1] !== null;

/**
 * After a lead is added, a CSV imported or leads changed in bulk: every list (in any order, flagged, and the answers
 * of searching all leads, which the new leads may match) starts again at page 1 (docs/product.md §4), and every read
 * derived from the leads is refreshed.
 */
export async function refreshAfterLeadsAdded(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.resetQueries({ predicate: ({ queryKey }) => isListKey(queryKey) }),
    // Each lead's details ('/api/leads', id); the list itself was reset above.
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) => queryKey[0] === leadQueryKeys.all[0] && typeof queryKey[1] === 'number',
    }),
    queryClient.invalidateQueries({ queryKey: leadQueryKeys.counts }),
    ...dependentKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}

/**
 * After a lead is deleted: the loaded lists drop the row in place (docs/product.md §4). The lead's own reads are never asked
 * again (a 404): dropped when nothing shows them; Client Details, open while it deletes, has stopped its own, which
 * go when it closes.
 */
export async function refreshAfterLeadDeleted(queryClient: QueryClient, id: number): Promise<void> {
  queryClient.removeQueries({ queryKey: leadQueryKeys.detail(id), exact: true, type: 'inactive' });
  queryClient.removeQueries({ queryKey: leadQueryKeys.contactHistoryOf(id), exact: true, type: 'inactive' });
  await refreshAfterLeadChanged(queryClient, ({ queryKey }) => queryKey[1] !== id);
}

/**
 * After a lead is deleted or edited (its row already dropped or replaced in the loaded lists): the lists are only
 * marked stale, so they reload on the next visit rather than now and nothing scrolls; the counts (a status may have
 * changed) and every read derived from the leads are refreshed.
 */
export async function refreshAfterLeadChanged(
  queryClient: QueryClient,
  dependent: (query: Query) => boolean = () => true,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: leadQueryKeys.all, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: leadQueryKeys.counts }),
    ...dependentKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey, predicate: dependent })),
  ]);
}
