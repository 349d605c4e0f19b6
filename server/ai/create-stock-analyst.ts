import { type AiConfig, hasAiProvider } from './create-email-writer';
import { OfflineStockAnalyst } from './offline-stock-analyst';
import type { StockAnalyst } from './stock-analyst';

/** The configured analyst: the AI provider when one is set (its SDK loaded on first use), else the offline one. */
export function createStockAnalyst(config: AiConfig): StockAnalyst {
  if (!hasAiProvider(config)) return new OfflineStockAnalyst();
  let analyst: Promise<StockAnalyst> | undefined;
  return {
    source: 'ai',
    async analyse(quote) {
      analyst ??= import('./openai-stock-analyst').then(
        ({ OpenAiStockAnalyst }) =>
          new OpenAiStockAnalyst({
            baseUrl: config.aiBaseUrl,
            apiKey: config.aiApiKey,
            model: config.aiModel,
            timeoutMs: config.aiTimeoutMs,
          }),
      );
      return (await analyst).analyse(quote);
    },
  };
}
