import type { AnalyticsRange, BestSendingTimes } from '@contract/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/analytics/best-times?range=: reply rate by the local weekday and hour mails were sent. */
export async function getBestTimes(range: AnalyticsRange): Promise<BestSendingTimes> {
  return (await apiRequest('GET', `/api/analytics/best-times?range=${range}`)).json();
}

export const bestTimesQueryOptions = (range: AnalyticsRange) =>
  queryOptions({ queryKey: [...sharedQueryKeys.analytics, 'best-times', range], queryFn: () => getBestTimes(range) });

export function useBestTimes(range: AnalyticsRange) {
  return useQuery(bestTimesQueryOptions(range));
}
