import type { LeadFlag, LeadStatus } from '@contract/leads';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { allLoadedLeads, getLeadsPage, loadedCount } from './get-leads';
import { leadQueryKeys } from './lead-query-keys';

/** What "Search all N leads" asks the server: the words, and the status or flag the filter holds. */
export type LeadSearch = { search: string; status?: LeadStatus; flag?: LeadFlag };

/** GET /api/leads?search=&status=: every lead that matches, newest first, in pages of 100 like the list. */
export const searchAllLeadsQueryOptions = (query: LeadSearch) =>
  infiniteQueryOptions({
    queryKey: leadQueryKeys.search(query),
    queryFn: ({ pageParam, signal }) => getLeadsPage(pageParam, signal, query),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => (lastPage.full ? loadedCount(pages) : undefined),
  });

/** The server's matches while "Search all" is on (`query` set); idle otherwise. */
export function useSearchAllLeads(query: LeadSearch | null) {
  return useInfiniteQuery({
    ...searchAllLeadsQueryOptions(query ?? { search: '' }),
    select: allLoadedLeads,
    enabled: query !== null,
  });
}
