import type { DashboardStats } from '@contract/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';
import { retryUnlessSignedOut } from '@/lib/query-retry';

/** GET /api/dashboard/stats: the user's campaign figures (the dashboard, and the live figures beside the strategy). */
export async function getDashboardStats(): Promise<DashboardStats> {
  return (await apiRequest('GET', '/api/dashboard/stats')).json();
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: sharedQueryKeys.dashboardStats,
    queryFn: getDashboardStats,
    // Retried up to 3 times, except when signed out.
    retry: retryUnlessSignedOut(3),
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
