import type { ProspectResponse } from '@contract/responses';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { nextRepliesOffset, type RepliesFilter, repliesSearch } from '../lib/response-display';
import { responseQueryKeys } from './response-query-keys';

/** GET /api/responses?limit=&offset=&priority=&status=: a page of every reply, newest first (the Inbox page). */
export async function getRepliesPage(filter: RepliesFilter, offset: number): Promise<ProspectResponse[]> {
  return (await apiRequest('GET', `/api/responses?${repliesSearch(filter, offset)}`)).json();
}

export const repliesQueryOptions = (filter: RepliesFilter) =>
  infiniteQueryOptions({
    queryKey: responseQueryKeys.inbox(filter),
    queryFn: ({ pageParam }) => getRepliesPage(filter, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextRepliesOffset,
  });

export function useReplies(filter: RepliesFilter) {
  return useInfiniteQuery(repliesQueryOptions(filter));
}
