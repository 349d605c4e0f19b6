import { type MarketData, MarketDataError, type MarketQuote } from './market-data';
import { SAMPLE_QUOTES } from './sample-quotes';

/** The offline provider, used without a market-data API key: the bundled historical quotes, shown as sample data. */
export class SampleMarketData implements MarketData {
  readonly source = 'sample' as const;

  async quote(symbol: string): Promise<MarketQuote> {
    const quote = SAMPLE_QUOTES.find((sample) => sample.symbol === symbol.toUpperCase());
    if (!quote) throw new MarketDataError('unknown_symbol', `The sample market data has no quote for ${symbol}.`);
    return quote;
  }
}
