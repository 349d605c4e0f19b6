import {
  FOLLOWUPS_PANEL_LIMIT,
  type ProspectResponse,
  RESPONSE_PRIORITIES,
  type ResponsePriority,
  type ResponsesQuery,
} from '@contract/responses';

/** The Inbox page reads this many replies at a time ("Load more" asks for the next ones). */
export const REPLIES_PAGE_SIZE = 50;

export const priorityLabels: Record<ResponsePriority, string> = {
  hot: 'Hot',
  high: 'High',
  medium: 'Medium',
  other: 'Other',
};

export const priorityOptions = RESPONSE_PRIORITIES.map((value) => ({ value, label: priorityLabels[value] }));

export type PriorityFilter = 'all' | ResponsePriority;
export type FollowupFilter = 'all' | 'pending' | 'completed';
export type RepliesFilter = { priority: PriorityFilter; status: FollowupFilter };

export const priorityFilterOptions: { value: PriorityFilter; label: string }[] = [
  { value: 'all', label: 'All priorities' },
  ...priorityOptions,
];

export const followupFilterOptions: { value: FollowupFilter; label: string }[] = [
  { value: 'all', label: 'All replies' },
  { value: 'pending', label: 'Needs follow-up' },
  { value: 'completed', label: 'Completed' },
];

/** The query string of one page of GET /api/responses for the Inbox page's filters ("all" sends nothing). */
export function repliesSearch(filter: RepliesFilter, offset: number): string {
  const query: ResponsesQuery = { limit: REPLIES_PAGE_SIZE, offset };
  if (filter.priority !== 'all') query.priority = filter.priority;
  if (filter.status !== 'all') query.status = filter.status;
  return new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
}

/** The offset of the next page, or undefined when the last page was not full (there is no more). */
export function nextRepliesOffset(lastPage: readonly unknown[], pages: readonly (readonly unknown[])[]) {
  return lastPage.length < REPLIES_PAGE_SIZE ? undefined : pages.reduce((count, page) => count + page.length, 0);
}

/** docs/product.md §7: the panel reads replies needing a follow-up and drops those already completed; at most 10 show. */
export function pendingFollowups(responses: ProspectResponse[]): ProspectResponse[] {
  return responses.filter((response) => !response.followupCompleted).slice(0, FOLLOWUPS_PANEL_LIMIT);
}

/** "First Last", else whichever exists, else the address. */
export function leadName(lead: ProspectResponse['lead']): string {
  return [lead.firstName, lead.lastName].filter(Boolean).join(' ').trim() || lead.email;
}

/** Where a reply stands: waiting for an answer, answered or closed by hand, or never needing one. */
export function followupState(response: Pick<ProspectResponse, 'followupRequired' | 'followupCompleted'>) {
  if (response.followupCompleted) return 'completed' as const;
  return response.followupRequired ? ('pending' as const) : ('none' as const);
}
