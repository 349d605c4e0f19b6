import type { MarketQuote } from '../../market-data/market-data';

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
