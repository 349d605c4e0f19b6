import type { LeadFlag, LeadSort, LeadStatus } from '@contract/leads';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { allLoadedLeads, getLeadsPage, loadedCount } from './get-leads';
import { leadQueryKeys } from './lead-query-keys';

/** What searching all leads asks the server: the words, the status or flag the filter holds, and the list's order. */
export type LeadSearch = { search: string; status?: LeadStatus; flag?: LeadFlag; sort?: LeadSort };

/** GET /api/leads?search=&status=&sort=: every lead that matches, in pages of 100 like the list. */
export const searchAllLeadsQueryOptions = (query: LeadSearch) =>
  infiniteQueryOptions({
    queryKey: leadQueryKeys.search(query),
    queryFn: ({ pageParam, signal }) => getLeadsPage(pageParam, signal, query),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => (lastPage.full ? loadedCount(pages) : undefined),
  });

/** The server's matches while the list searches all leads (`query` set); idle otherwise. */
export function useSearchAllLeads(query: LeadSearch | null) {
  return useInfiniteQuery({
    ...searchAllLeadsQueryOptions(query ?? { search: '' }),
    select: allLoadedLeads,
    enabled: query !== null,
  });
}
