import type { MarketingStrategy } from '@contract/strategy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** How often the screen reads a strategy another tab or request is still writing. */
const GENERATING_POLL_MS = 1500;

/**
 * GET /api/marketing-strategy: 404 when there is none; `generating` while one is being written. The onboarding screen
 * shows it; a new sequence takes its defaults from it.
 */
export async function getMarketingStrategy(): Promise<MarketingStrategy> {
  return (await apiRequest('GET', '/api/marketing-strategy')).json();
}

export const marketingStrategyQueryOptions = () =>
  queryOptions({
    queryKey: sharedQueryKeys.marketingStrategy,
    queryFn: getMarketingStrategy,
    // docs/product.md §7: not retried.
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'generating' ? GENERATING_POLL_MS : false),
  });

export function useMarketingStrategy() {
  return useQuery(marketingStrategyQueryOptions());
}
