import { type AiConfig, hasAiProvider, loadedOnFirstUse, openAiOptionsOf } from '../ai-provider';
import { OfflineStockAnalyst } from './offline-stock-analyst';
import type { StockAnalyst } from './stock-analyst';

/** The configured analyst: the AI provider when one is set (its SDK loaded on first use), else the offline one. */
export function createStockAnalyst(config: AiConfig): StockAnalyst {
  if (!hasAiProvider(config)) return new OfflineStockAnalyst();
  const analyst = loadedOnFirstUse(
    async () => new (await import('./openai-stock-analyst')).OpenAiStockAnalyst(openAiOptionsOf(config)),
  );
  return { source: 'ai', analyse: async (quote) => (await analyst()).analyse(quote) };
}
