import type { StrategyRecommendation } from '../../contract/strategy';
import { type AiConfig, hasAiProvider } from './create-email-writer';
import type { WriterProfile } from './email-writer';
import { OfflineStrategyWriter } from './offline-strategy-writer';

/** Writes the recommended part of a user's marketing strategy from their profile. */
export interface StrategyWriter {
  readonly source: 'ai' | 'offline';
  write(profile: WriterProfile): Promise<StrategyRecommendation>;
}

/** The configured strategy writer: the AI provider when one is set (its SDK loaded on first use), else the offline one. */
export function createStrategyWriter(config: AiConfig): StrategyWriter {
  if (!hasAiProvider(config)) return new OfflineStrategyWriter();
  let writer: Promise<StrategyWriter> | undefined;
  return {
    source: 'ai',
    async write(profile) {
      writer ??= import('./openai-strategy-writer').then(
        ({ OpenAiStrategyWriter }) =>
          new OpenAiStrategyWriter({
            baseUrl: config.aiBaseUrl,
            apiKey: config.aiApiKey,
            model: config.aiModel,
            timeoutMs: config.aiTimeoutMs,
          }),
      );
      return (await writer).write(profile);
    },
  };
}
