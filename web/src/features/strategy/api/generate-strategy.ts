import type { GenerateStrategyRequest, MarketingStrategy } from '@contract/strategy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/**
 * POST /api/marketing-strategy: writes the strategy from the profile (docs/product.md sends no body); `regenerate` replaces an
 * existing one. Answers the strategy, or the one another tab is still writing (`generating`).
 */
export async function generateStrategy(request?: GenerateStrategyRequest): Promise<MarketingStrategy> {
  return (await apiRequest('POST', '/api/marketing-strategy', request ?? undefined)).json();
}

export function useGenerateStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateStrategy,
    onSuccess: (strategy) => queryClient.setQueryData(sharedQueryKeys.marketingStrategy, strategy),
  });
}
