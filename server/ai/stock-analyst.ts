import type { MarketQuote } from '../market-data/market-data';
import { type AiConfig, hasAiProvider } from './create-email-writer';
import { OfflineStockAnalyst } from './offline-stock-analyst';

export const STOCK_RECOMMENDATIONS = ['buy', 'sell', 'hold'] as const;

/** What the tip says about a quote: a recommendation, a target price (decimal string) and a short analysis. */
export type StockAnalysis = {
  recommendation: (typeof STOCK_RECOMMENDATIONS)[number];
  targetPrice: string | null;
  analysis: string;
};

/** Writes the analysis of a stock tip: the AI provider, or the built-in offline analyst. */
export interface StockAnalyst {
  readonly source: 'ai' | 'offline';
  analyse(quote: MarketQuote): Promise<StockAnalysis>;
}

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
