import type { AnalyticsRange, DailyFigures } from '@contract/analytics';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/analytics/daily?range=: sent, delivered, opened, clicked and replied per local day of the range. */
export function useDailyFigures(range: AnalyticsRange) {
  return useQuery({
    queryKey: [...sharedQueryKeys.analytics, 'daily', range],
    queryFn: async (): Promise<DailyFigures[]> =>
      (await apiRequest('GET', `/api/analytics/daily?range=${range}`)).json(),
  });
}
