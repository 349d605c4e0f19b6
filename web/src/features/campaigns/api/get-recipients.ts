import { type LeadWithSentWeeks, SENT_WEEKS_PAGE_SIZE } from '@contract/leads';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/leads-with-sent-weeks?filter=&limit=&offset=: a page of active leads with the weeks they were sent. */
export async function getRecipientsPage(filter: string, offset: number): Promise<LeadWithSentWeeks[]> {
  const query = new URLSearchParams({ filter, limit: String(SENT_WEEKS_PAGE_SIZE), offset: String(offset) });
  return (await apiRequest('GET', `/api/leads-with-sent-weeks?${query}`)).json();
}

export const recipientsQueryOptions = (filter: string) =>
  infiniteQueryOptions({
    queryKey: [...sharedQueryKeys.leadsWithSentWeeks, { filter }],
    queryFn: ({ pageParam }) => getRecipientsPage(filter, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < SENT_WEEKS_PAGE_SIZE ? undefined : pages.length * SENT_WEEKS_PAGE_SIZE,
  });

export function useRecipients(filter: string) {
  return useInfiniteQuery(recipientsQueryOptions(filter));
}
