import {
  DEFAULT_LEAD_SORT,
  LEADS_PAGE_SIZE,
  type Lead,
  type LeadFlag,
  type LeadSort,
  type LeadStatus,
  type ListedLead,
} from '@contract/leads';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type Query,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api';
import { leadQueryKeys } from './lead-query-keys';

/** One page of the list. `full` is decided when it loads, so removing a row later does not hide "Load More". */
export type LeadsPage = { leads: ListedLead[]; full: boolean };

/**
 * What a list asks the server for besides the page: a flag, an order (newest first unless said), and for "Search
 * all", the words and a status.
 */
export type LeadsFilter = { flag?: LeadFlag; search?: string; status?: LeadStatus; sort?: LeadSort };

/** GET /api/leads?limit=100&offset={n}[&flag=][&search=&status=][&sort=]. */
export async function getLeadsPage(offset: number, signal?: AbortSignal, filter: LeadsFilter = {}): Promise<LeadsPage> {
  const params = new URLSearchParams({ limit: String(LEADS_PAGE_SIZE), offset: String(offset) });
  for (const name of ['flag', 'search', 'status'] as const) {
    const value = filter[name];
    if (value) params.set(name, value);
  }
  if (filter.sort && filter.sort !== DEFAULT_LEAD_SORT) params.set('sort', filter.sort);
  const response = await apiRequest('GET', `/api/leads?${params}`, undefined, signal).catch((error: unknown) => {
    // docs/product.md §8: a list fetch that is not ok throws this message.
    throw error instanceof ApiError ? new Error('Failed to fetch leads') : error;
  });
  const leads: ListedLead[] = await response.json();
  return { leads, full: leads.length === LEADS_PAGE_SIZE };
}

export const loadedCount = (pages: LeadsPage[]) => pages.reduce((count, page) => count + page.leads.length, 0);

/**
 * Pages of 100, appended; the next page starts after the rows loaded, so rows deleted locally are not skipped.
 * With a flag, the server picks the flagged leads among all, not only among the rows loaded.
 */
export const leadsQueryOptions = (flag?: LeadFlag, sort: LeadSort = DEFAULT_LEAD_SORT) =>
  infiniteQueryOptions({
    queryKey: leadQueryKeys.sortedList(sort, flag),
    queryFn: ({ pageParam, signal }) => getLeadsPage(pageParam, signal, { flag, sort }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => (lastPage.full ? loadedCount(pages) : undefined),
  });

// Module-level, so the query keeps the flattened list between renders instead of rebuilding it.
export const allLoadedLeads = (data: InfiniteData<LeadsPage, number>) => data.pages.flatMap((page) => page.leads);

export function useLeads(flag?: LeadFlag, sort: LeadSort = DEFAULT_LEAD_SORT) {
  return useInfiniteQuery({ ...leadsQueryOptions(flag, sort), select: allLoadedLeads });
}

/** Every loaded list of leads: the list, the flagged lists and the server's search results ('/api/leads', {…}). */
const isLeadList = (query: Query) =>
  query.queryKey[0] === leadQueryKeys.all[0] && typeof query.queryKey[1] === 'object';

function updateLoadedLeads(queryClient: QueryClient, change: (leads: ListedLead[]) => ListedLead[]): void {
  queryClient.setQueriesData<InfiniteData<LeadsPage, number>>({ predicate: isLeadList }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, leads: change(page.leads) })) } : data,
  );
}

/** docs/product.md §4: a deleted lead leaves the loaded lists in place, without reloading them. */
export function removeLeadFromList(queryClient: QueryClient, id: number): void {
  updateLoadedLeads(queryClient, (leads) => leads.filter((lead) => lead.id !== id));
}

/** An edited lead takes its place in every loaded list, which stays where it was scrolled to. */
export function replaceLeadInLists(queryClient: QueryClient, edited: Lead): void {
  // The edit answers the lead without its last contact, which an edit does not change.
  updateLoadedLeads(queryClient, (leads) =>
    leads.map((lead) => (lead.id === edited.id ? { ...lead, ...edited } : lead)),
  );
}
