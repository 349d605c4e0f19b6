import type OpenAI from 'openai';
import { z } from 'zod';
import type { MarketQuote } from '../../market-data/market-data';
import { completeJson, type OpenAiWriterOptions, openAiClient } from '../writer/openai-writer';
import { STOCK_RECOMMENDATIONS, type StockAnalysis, type StockAnalyst } from './stock-analyst';

/** The longest analysis kept: the page shows a paragraph. */
const ANALYSIS_CHARS = 1_000;

const analysisSchema = z.object({
  recommendation: z.enum(STOCK_RECOMMENDATIONS),
  targetPrice: z.number().positive().nullable(),
  analysis: z.string().trim().min(1),
});

/** The answer's shape as a JSON schema, so providers with structured output keep to it. */
const ANALYSIS_FORMAT = {
  type: 'json_schema' as const,
  json_schema: {
    name: 'stock_tip',
    strict: true,
    schema: {
      type: 'object',
      properties: {
        recommendation: { type: 'string', enum: [...STOCK_RECOMMENDATIONS] },
        targetPrice: { type: ['number', 'null'], description: 'Twelve-month target price in USD' },
        analysis: { type: 'string', description: 'Two to four sentences on the figures' },
      },
      required: ['recommendation', 'targetPrice', 'analysis'],
      additionalProperties: false,
    },
  },
};

const INSTRUCTIONS = [
  'You write the stock tip of the day for a small-business newsletter.',
  'From the figures given (and nothing else), give a recommendation (buy, sell or hold), a twelve-month target',
  'price in USD (null if the figures do not support one) and an analysis of two to four plain sentences that',
  'names the day’s move, the valuation and the distance to the target. No hype, no guarantees.',
  'Answer with JSON only: {"recommendation": "...", "targetPrice": 0, "analysis": "..."}.',
].join(' ');

/** Analyses a quote through any OpenAI-compatible chat-completions endpoint, by structured output. */
export class OpenAiStockAnalyst implements StockAnalyst {
  readonly source = 'ai' as const;
  private readonly client: Promise<OpenAI>;

  constructor(private readonly options: OpenAiWriterOptions) {
    this.client = openAiClient(options);
  }

  async analyse(quote: MarketQuote): Promise<StockAnalysis> {
    const prompt = { responseFormat: ANALYSIS_FORMAT, temperature: 0.4, system: INSTRUCTIONS, user: figures(quote) };
    const answer = await completeJson(this.client, this.options, prompt, analysisSchema, 'stock analysis');
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
