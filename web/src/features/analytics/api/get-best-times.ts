import type { AnalyticsRange, BestSendingTimes } from '@contract/analytics';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/analytics/best-times?range=: reply rate by the local weekday and hour mails were sent. */
export function useBestTimes(range: AnalyticsRange) {
  return useQuery({
    queryKey: [...sharedQueryKeys.analytics, 'best-times', range],
    queryFn: async (): Promise<BestSendingTimes> =>
      (await apiRequest('GET', `/api/analytics/best-times?range=${range}`)).json(),
  });
}
