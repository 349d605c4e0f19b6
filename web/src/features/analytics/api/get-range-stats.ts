import type { AnalyticsRange } from '@contract/analytics';
import type { DashboardStats } from '@contract/campaigns';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/dashboard/stats?range=: the figures of the mails sent in the range; refreshed with the dashboard's. */
export function useRangeStats(range: AnalyticsRange) {
  return useQuery({
    queryKey: [...sharedQueryKeys.dashboardStats, range],
    queryFn: async (): Promise<DashboardStats> =>
      (await apiRequest('GET', `/api/dashboard/stats?range=${range}`)).json(),
  });
}
