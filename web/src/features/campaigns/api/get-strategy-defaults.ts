import { useMarketingStrategy } from '@/api/get-marketing-strategy';
import { sequenceDefaults } from '../lib/strategy-sequence';

/** The defaults of a new sequence, from the marketing strategy; without one (404) it starts as it always did. */
export function useSequenceDefaults() {
  const strategy = useMarketingStrategy();
  return sequenceDefaults(strategy.data);
}
