import type { DashboardStats } from '@contract/campaigns';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/dashboard/stats, shared with the dashboard's cache: the live figures beside the strategy. */
export async function getDashboardStats(): Promise<DashboardStats> {
  return (await apiRequest('GET', '/api/dashboard/stats')).json();
}

export function useDashboardStats() {
  return useQuery({
    queryKey: sharedQueryKeys.dashboardStats,
    queryFn: getDashboardStats,
    // SPEC §7: retried up to 3 times, except when signed out.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 401) && failureCount < 3,
  });
}
