import type { MarketingStrategy } from '@contract/strategy';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';
import { sequenceDefaults } from '../lib/strategy-sequence';

/**
 * GET /api/marketing-strategy, shared with the onboarding screen's cache (SPEC §7: not retried): the defaults of a
 * new sequence. Without a strategy (404) the sequence starts as it always did.
 */
export function useSequenceDefaults() {
  const strategy = useQuery({
    queryKey: sharedQueryKeys.marketingStrategy,
    queryFn: async (): Promise<MarketingStrategy> => (await apiRequest('GET', '/api/marketing-strategy')).json(),
    retry: false,
  });
  return sequenceDefaults(strategy.data);
}
