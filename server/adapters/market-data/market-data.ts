import type { ErrorCode } from '../../../contract/errors';
import { DomainError } from '../../lib/domain-error';

/**
 * One stock's quote of its last trading day and its key figures. Prices and changes are decimal strings as the
 * provider gives them (stored as numeric, never through a float); a figure the provider does not know is null.
 */
export type MarketQuote = {
  symbol: string;
  name: string;
  price: string;
  change: string;
  changePercent: string;
  volume: number | null;
  marketCap: number | null;
  peRatio: string | null;
  /** The analysts' mean target price, where the provider has one. */
  analystTargetPrice: string | null;
  /** The trading day of the quote, YYYY-MM-DD. */
  quoteDate: string | null;
};

/** Where quotes come from: a market-data API, or the bundled sample of historical quotes. */
export interface MarketData {
  /** Stored with each tip: 'sample' tips are shown as "Sample data". */
  readonly source: 'alphavantage' | 'sample';
  quote(symbol: string): Promise<MarketQuote>;
}

/**
 * Why a quote could not be had: `rate_limited` (the plan's request limit; waiting helps), `unknown_symbol` (the
 * provider has no quote for it), `unavailable` (timeout, 5xx, unreachable, an answer that is not a quote).
 */
export type MarketDataErrorKind = 'rate_limited' | 'unknown_symbol' | 'unavailable';

export class MarketDataError extends DomainError {
  readonly code: ErrorCode;

  constructor(
    readonly kind: MarketDataErrorKind,
    message: string,
  ) {
    super(message);
    this.code = `market_data_${kind}`;
  }
}
