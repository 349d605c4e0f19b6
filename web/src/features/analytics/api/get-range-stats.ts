import type { AnalyticsRange } from '@contract/analytics';
import type { DashboardStats } from '@contract/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/dashboard/stats?range=: the figures of the mails sent in the range; refreshed with the dashboard's. */
export async function getRangeStats(range: AnalyticsRange): Promise<DashboardStats> {
  return (await apiRequest('GET', `/api/dashboard/stats?range=${range}`)).json();
}

export const rangeStatsQueryOptions = (range: AnalyticsRange) =>
  queryOptions({ queryKey: [...sharedQueryKeys.dashboardStats, range], queryFn: () => getRangeStats(range) });

export function useRangeStats(range: AnalyticsRange) {
  return useQuery(rangeStatsQueryOptions(range));
}
