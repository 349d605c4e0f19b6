import type { AnalyticsRange, DailyFigures } from '@contract/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/analytics/daily?range=: sent, delivered, opened, clicked and replied per local day of the range. */
export async function getDailyFigures(range: AnalyticsRange): Promise<DailyFigures[]> {
  return (await apiRequest('GET', `/api/analytics/daily?range=${range}`)).json();
}

export const dailyFiguresQueryOptions = (range: AnalyticsRange) =>
  queryOptions({ queryKey: [...sharedQueryKeys.analytics, 'daily', range], queryFn: () => getDailyFigures(range) });

export function useDailyFigures(range: AnalyticsRange) {
  return useQuery(dailyFiguresQueryOptions(range));
}
