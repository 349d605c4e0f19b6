import type { StockTip } from '@contract/stock-tips';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/stock-tip/current: the user's tip, or null (the server answers `null` before the first refresh). */
export async function getCurrentStockTip(): Promise<StockTip | null> {
  return (await apiRequest('GET', '/api/stock-tip/current')).json();
}

export const currentStockTipQueryOptions = () =>
  queryOptions({ queryKey: sharedQueryKeys.stockTip, queryFn: getCurrentStockTip });

/** The Stock Tips page and the dashboard's footer preview. */
export function useCurrentStockTip() {
  return useQuery(currentStockTipQueryOptions());
}
