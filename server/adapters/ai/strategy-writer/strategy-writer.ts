import type { StrategyRecommendation } from '../../../../contract/strategy';
import { type AiConfig, hasAiProvider, loadedOnFirstUse, openAiOptionsOf } from '../ai-provider';
import type { WriterProfile } from '../writer/email-writer';
import { OfflineStrategyWriter } from './offline-strategy-writer';

/** Writes the recommended part of a user's marketing strategy from their profile. */
export interface StrategyWriter {
  readonly source: 'ai' | 'offline';
  write(profile: WriterProfile): Promise<StrategyRecommendation>;
}

/** The configured strategy writer: the AI provider when one is set (its SDK loaded on first use), else the offline one. */
export function createStrategyWriter(config: AiConfig): StrategyWriter {
  if (!hasAiProvider(config)) return new OfflineStrategyWriter();
  const writer = loadedOnFirstUse(
    async () => new (await import('./openai-strategy-writer')).OpenAiStrategyWriter(openAiOptionsOf(config)),
  );
  return { source: 'ai', write: async (profile) => (await writer()).write(profile) };
}
