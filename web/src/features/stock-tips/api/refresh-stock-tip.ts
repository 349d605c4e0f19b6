import type { StockTip } from '@contract/stock-tips';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** POST /api/stock-tip/refresh: a new tip, stored as the current one. */
export async function refreshStockTip(): Promise<StockTip> {
  return (await apiRequest('POST', '/api/stock-tip/refresh')).json();
}

export function useRefreshStockTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshStockTip,
    // docs/product.md §4: the tip is regenerated, then the current one is reloaded.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedQueryKeys.stockTip }),
  });
}
