import type { DashboardStats } from '@contract/campaigns';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/dashboard/stats: the user's campaign figures, refreshed after every campaign change. */
export function useDashboardStats() {
  return useQuery({
    queryKey: sharedQueryKeys.dashboardStats,
    queryFn: async (): Promise<DashboardStats> => (await apiRequest('GET', '/api/dashboard/stats')).json(),
    // SPEC §7: retried up to 3 times, except when signed out.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 401) && failureCount < 3,
  });
}
