import { z } from 'zod';
import type { MarketQuote } from '../../market-data/market-data';
import { OpenAiJsonAdapter, strictJsonFormat } from '../openai-json';
import { STOCK_RECOMMENDATIONS, type StockAnalysis, type StockAnalyst } from './stock-analyst';

/** The longest analysis kept: the page shows a paragraph. */
const ANALYSIS_CHARS = 1_000;

const analysisSchema = z.object({
  recommendation: z.enum(STOCK_RECOMMENDATIONS),
  targetPrice: z.number().positive().nullable(),
  analysis: z.string().trim().min(1),
});

const ANALYSIS_FORMAT = strictJsonFormat('stock_tip', {
  recommendation: { type: 'string', enum: [...STOCK_RECOMMENDATIONS] },
  targetPrice: { type: ['number', 'null'], description: 'Twelve-month target price in USD' },
  analysis: { type: 'string', description: 'Two to four sentences on the figures' },
});

const INSTRUCTIONS = [
  'You write the stock tip of the day for a small-business newsletter.',
  'From the figures given (and nothing else), give a recommendation (buy, sell or hold), a twelve-month target',
  'price in USD (null if the figures do not support one) and an analysis of two to four plain sentences that',
  'names the day’s move, the valuation and the distance to the target. No hype, no guarantees.',
  'Answer with JSON only: {"recommendation": "...", "targetPrice": 0, "analysis": "..."}.',
].join(' ');

/** Analyses a quote through any OpenAI-compatible chat-completions endpoint, by structured output. */
export class OpenAiStockAnalyst extends OpenAiJsonAdapter implements StockAnalyst {
  async analyse(quote: MarketQuote): Promise<StockAnalysis> {
    const prompt = { responseFormat: ANALYSIS_FORMAT, temperature: 0.4, system: INSTRUCTIONS, user: figures(quote) };
    const answer = await this.completeJson(prompt, analysisSchema, 'stock analysis');
    return {
      recommendation: answer.recommendation,
      targetPrice: answer.targetPrice === null ? null : answer.targetPrice.toFixed(2),
      analysis: answer.analysis.slice(0, ANALYSIS_CHARS),
    };
  }
}

function figures(quote: MarketQuote): string {
  return [
    `${quote.name} (${quote.symbol}), trading day ${quote.quoteDate ?? 'latest'}:`,
    `close $${quote.price}, change ${quote.change} (${quote.changePercent}%),`,
    `volume ${quote.volume ?? 'unknown'}, market capitalisation ${quote.marketCap ?? 'unknown'},`,
    `P/E ${quote.peRatio ?? 'none (no earnings)'}, analysts' mean target ${quote.analystTargetPrice ? `$${quote.analystTargetPrice}` : 'unknown'}.`,
  ].join(' ');
}
