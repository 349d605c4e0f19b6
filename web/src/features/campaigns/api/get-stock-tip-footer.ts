import type { StockTip } from '@contract/stock-tips';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/stock-tip/current, for the footer preview: the user's tip, or null before the first one. */
export function useStockTipFooter() {
  return useQuery({
    queryKey: sharedQueryKeys.stockTip,
    queryFn: async (): Promise<StockTip | null> => (await apiRequest('GET', '/api/stock-tip/current')).json(),
  });
}
