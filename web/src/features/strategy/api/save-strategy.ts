import type { MarketingStrategy, SaveStrategyRequest } from '@contract/strategy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** PUT /api/marketing-strategy: the user's choices, saved as approved or adjusted. */
export async function saveStrategy(request: SaveStrategyRequest): Promise<MarketingStrategy> {
  return (await apiRequest('PUT', '/api/marketing-strategy', request)).json();
}

export function useSaveStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStrategy,
    onSuccess: (strategy) => queryClient.setQueryData(sharedQueryKeys.marketingStrategy, strategy),
  });
}
