import { LEADS_PAGE_SIZE, type Lead, type LeadFlag } from '@contract/leads';
import { type InfiniteData, infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { leadQueryKeys } from './lead-query-keys';

/** One page of the list. `full` is decided when it loads, so removing a row later does not hide "Load More". */
export type LeadsPage = { leads: Lead[]; full: boolean };

/** GET /api/leads?limit=100&offset={n}[&flag=role|disposable], newest first. */
export async function getLeadsPage(offset: number, signal?: AbortSignal, flag?: LeadFlag): Promise<LeadsPage> {
  const flagParam = flag ? `&flag=${flag}` : '';
  const response = await fetch(`/api/leads?limit=${LEADS_PAGE_SIZE}&offset=${offset}${flagParam}`, {
    credentials: 'include',
    signal,
  });
  // SPEC §8: a list fetch that is not ok throws this message.
  if (!response.ok) throw new Error('Failed to fetch leads');
  const leads: Lead[] = await response.json();
  return { leads, full: leads.length === LEADS_PAGE_SIZE };
}

const loadedCount = (pages: LeadsPage[]) => pages.reduce((count, page) => count + page.leads.length, 0);

/**
 * Pages of 100, appended; the next page starts after the rows loaded, so rows deleted locally are not skipped.
 * With a flag, the server picks the flagged leads among all, not only among the rows loaded.
 */
export const leadsQueryOptions = (flag?: LeadFlag) =>
  infiniteQueryOptions({
    queryKey: flag ? leadQueryKeys.flaggedList(flag) : leadQueryKeys.list,
    queryFn: ({ pageParam, signal }) => getLeadsPage(pageParam, signal, flag),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => (lastPage.full ? loadedCount(pages) : undefined),
  });

// Module-level, so the query keeps the flattened list between renders instead of rebuilding it.
const allLoadedLeads = (data: InfiniteData<LeadsPage, number>) => data.pages.flatMap((page) => page.leads);

export function useLeads(flag?: LeadFlag) {
  return useInfiniteQuery({ ...leadsQueryOptions(flag), select: allLoadedLeads });
}

/** SPEC §4: a deleted lead leaves the loaded lists in place, without reloading them. */
export function removeLeadFromList(queryClient: QueryClient, id: number): void {
  for (const key of [leadQueryKeys.list, leadQueryKeys.flaggedList('role'), leadQueryKeys.flaggedList('disposable')]) {
    queryClient.setQueryData<InfiniteData<LeadsPage, number>>(key, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({ ...page, leads: page.leads.filter((lead) => lead.id !== id) })),
          }
        : data,
    );
  }
}
