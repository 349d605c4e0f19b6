import { DEFAULT_LEAD_SORT, LEADS_PAGE_SIZE, type LeadFlag, type LeadSort, type LeadStatus } from '@contract/leads';
import { sharedQueryKeys } from '@/lib/query-keys';

// Keys are paths (docs/product.md §7: a read GETs its key's parts joined with '/'), so prefixes invalidate families of reads.
export const leadQueryKeys = {
  all: sharedQueryKeys.leads,
  list: [...sharedQueryKeys.leads, { limit: LEADS_PAGE_SIZE }] as const,
  /** The list of role addresses only, or of disposable domains only. */
  flaggedList: (flag: LeadFlag) => [...sharedQueryKeys.leads, { limit: LEADS_PAGE_SIZE, flag }] as const,
  /** The list (or a flag's) in another order than newest first. */
  sortedList: (sort: LeadSort, flag?: LeadFlag) =>
    [
      ...sharedQueryKeys.leads,
      { limit: LEADS_PAGE_SIZE, ...(flag && { flag }), ...(sort !== DEFAULT_LEAD_SORT && { sort }) },
    ] as const,
  /** "Search all": the server's matches for the words and the status or flag, in the list's order. */
  search: (query: { search: string; status?: LeadStatus; flag?: LeadFlag; sort?: LeadSort }) =>
    [...sharedQueryKeys.leads, { limit: LEADS_PAGE_SIZE, ...query }] as const,
  detail: (id: number) => [...sharedQueryKeys.leads, id] as const,
  counts: ['/api/leads/count'] as const,
  contactHistory: sharedQueryKeys.leadContactHistory,
  contactHistoryOf: (id: number) => [...sharedQueryKeys.leadContactHistory, id] as const,
  leadSearches: ['/api/lead-finder/searches'] as const,
  leadSearch: (id: number) => ['/api/lead-finder/searches', id] as const,
};
