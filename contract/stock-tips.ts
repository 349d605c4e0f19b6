import { z } from 'zod';

/** docs/product.md §3 Stock tip, as GET /api/stock-tip/current and POST /api/stock-tip/refresh answer it. */
export const stockTipSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** Numeric strings (docs/product.md §3), as PostgreSQL's numeric gives them. */
  currentPrice: z.string(),
  priceChange: z.string(),
  priceChangePercent: z.string(),
  volume: z.number().nullable(),
  marketCap: z.number().nullable(),
  /** Null when the company has no P/E (no earnings): the page shows "N/A". */
  peRatio: z.string().nullable(),
  /** buy, sell, or another word such as hold. */
  recommendation: z.string(),
  targetPrice: z.string().nullable(),
  aiAnalysis: z.string(),
  /** Beyond the product rules: the quote comes from the bundled historical sample, not live market data ("Sample data"). */
  sample: z.boolean(),
  /** Beyond the product rules: the trading day the quote is of. */
  quoteDate: z.string().nullable(),
});
export type StockTip = z.infer<typeof stockTipSchema>;

/** GET /api/stock-tip/current answers 200 with the tip, or 200 with `null` when the user has none yet. */
export const currentStockTipSchema = stockTipSchema.nullable();

/** docs/product.md §9: the analysis in the mail footer and the dashboard's preview of it. */
export const STOCK_TIP_FOOTER_ANALYSIS_CHARS = 100;

/** Said wherever a tip is shown: the page, the footer of mails and its preview. */
export const STOCK_TIP_DISCLAIMER =
  'Stock tips are for informational purposes only and are not financial advice. Do your own research before investing.';

/** "$207.15": docs/product.md §2's price with $ and 2 decimals. */
export function formatUsd(value: string): string {
  return `$${Number(value).toFixed(2)}`;
}

/** docs/product.md §2: a change of 0 or more is an "up" day, shown green with a +. */
export function isPriceUp(tip: Pick<StockTip, 'priceChange'>): boolean {
  return Number(tip.priceChange) >= 0;
}

/** "+7.26%" or "-9.53%". */
export function formatChangePercent(tip: Pick<StockTip, 'priceChange' | 'priceChangePercent'>): string {
  return `${isPriceUp(tip) ? '+' : ''}${Number(tip.priceChangePercent).toFixed(2)}%`;
}

/** The first 100 characters of the analysis, with "…" when there was more. */
export function footerAnalysis(analysis: string): string {
  const text = analysis.replace(/\s+/g, ' ').trim();
  if (text.length <= STOCK_TIP_FOOTER_ANALYSIS_CHARS) return text;
  return `${text.slice(0, STOCK_TIP_FOOTER_ANALYSIS_CHARS).trimEnd()}…`;
}

/**
 * The stock-tip footer of a mail, line by line (the campaign engine puts them in both parts; the dashboard previews
 * them): symbol, price and change, recommendation, the analysis cut at 100 characters, and the disclaimer. A tip from
 * the bundled sample says so, with the day of its quote, so no reader takes it for today's market.
 */
export function stockTipFooterLines(tip: StockTip): { headline: string; analysis: string; disclaimer: string } {
  const target = tip.targetPrice ? ` (target ${formatUsd(tip.targetPrice)})` : '';
  const sample = tip.sample ? ` (sample data${tip.quoteDate ? ` from ${tip.quoteDate}` : ''})` : '';
  return {
    headline: `Stock tip of the day${sample}: ${tip.symbol} ${formatUsd(tip.currentPrice)} ${formatChangePercent(tip)} · ${tip.recommendation.toUpperCase()}${target}`,
    analysis: footerAnalysis(tip.aiAnalysis),
    disclaimer: STOCK_TIP_DISCLAIMER,
  };
}

/**
 * The toast after a refresh: the product's words where the quote is live market data; where it is the bundled
 * sample, it says so, as the card does, rather than promise fresh market data.
 */
export function refreshedTipMessage(tip: Pick<StockTip, 'sample' | 'quoteDate'>): string {
  if (!tip.sample) return 'A new stock tip has been generated with fresh market data.';
  const day = tip.quoteDate ? ` (the historical close of ${tip.quoteDate})` : '';
  return `A new stock tip has been generated from sample market data${day}, not today's market.`;
}
