import { type MarketData, MarketDataError, type MarketQuote } from './market-data';

export type AlphaVantageOptions = {
  apiKey: string;
  /** https://www.alphavantage.co, or a proxy or test server (MARKET_DATA_URL). */
  baseUrl: string;
  timeoutMs: number;
};

/** How much of the provider's own explanation a message quotes. */
const PROVIDER_TEXT_CHARS = 200;

/**
 * Alpha Vantage (https://www.alphavantage.co/documentation/), called with plain fetch: GLOBAL_QUOTE for the last
 * trading day's quote, OVERVIEW for the name, market capitalisation, P/E and analysts' target. Alpha Vantage answers
 * its rate limit with HTTP 200 and an `Information` or `Note` field, and an unknown symbol with an empty
 * "Global Quote" object; both become domain errors, as do timeouts and 5xx.
 */
export class AlphaVantageMarketData implements MarketData {
  readonly source = 'alphavantage' as const;

  constructor(private readonly options: AlphaVantageOptions) {}

  async quote(symbol: string): Promise<MarketQuote> {
    const [quoteBody, overview] = await Promise.all([this.call('GLOBAL_QUOTE', symbol), this.call('OVERVIEW', symbol)]);
    const quote = quoteBody['Global Quote'];
    const price = decimal(field(quote, '05. price'));
    const change = decimal(field(quote, '09. change'));
    const changePercent = decimal(field(quote, '10. change percent')?.replace(/%$/, ''));
    if (!price || !change || !changePercent) {
      throw new MarketDataError('unknown_symbol', `Alpha Vantage has no quote for ${symbol}.`);
    }
    return {
      symbol: field(quote, '01. symbol') ?? symbol,
      name: field(overview, 'Name') ?? symbol,
      price,
      change,
      changePercent,
      volume: whole(field(quote, '06. volume')),
      marketCap: whole(field(overview, 'MarketCapitalization')),
      peRatio: decimal(field(overview, 'PERatio')),
      analystTargetPrice: decimal(field(overview, 'AnalystTargetPrice')),
      quoteDate: field(quote, '07. latest trading day') ?? null,
    };
  }

  /** One API call, its JSON body, or the domain error it amounts to. */
  private async call(fn: 'GLOBAL_QUOTE' | 'OVERVIEW', symbol: string): Promise<Record<string, unknown>> {
    const url = new URL('/query', this.options.baseUrl);
    url.search = new URLSearchParams({ function: fn, symbol, apikey: this.options.apiKey }).toString();
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs) });
      body = response.ok ? await response.json() : null;
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        const seconds = this.options.timeoutMs / 1000;
        throw new MarketDataError(
          'unavailable',
          `Alpha Vantage did not answer within ${seconds} seconds. Please try again.`,
        );
      }
      if (error instanceof SyntaxError) {
        throw new MarketDataError(
          'unavailable',
          'Alpha Vantage answered something that is not market data. Please try again.',
        );
      }
      throw new MarketDataError(
        'unavailable',
        'Could not reach the market data service. Try again in a few minutes.',
      ).withOperatorDetail(
        'Alpha Vantage could not be reached: check MARKET_DATA_URL and this server’s internet connection.',
      );
    }
    if (!response.ok) {
      throw new MarketDataError(
        'unavailable',
        'The market data service is not answering properly. Please try again later.',
      ).withOperatorDetail(`Alpha Vantage answered ${response.status}.`);
    }
    if (!body || typeof body !== 'object') {
      throw new MarketDataError(
        'unavailable',
        'Alpha Vantage answered something that is not market data. Please try again.',
      );
    }
    const answer = body as Record<string, unknown>;
    const limit = answer.Information ?? answer.Note;
    if (typeof limit === 'string') {
      throw new MarketDataError(
        'rate_limited',
        'The market data service takes no more requests for now. Please try again later.',
      ).withOperatorDetail(
        `Alpha Vantage refused more requests (its plan's request limit): ${limit.slice(0, PROVIDER_TEXT_CHARS)}`,
      );
    }
    if (typeof answer['Error Message'] === 'string') {
      // Its reasons name its own parameters (apikey, function): the operator's words, not a user's.
      throw new MarketDataError(
        'unavailable',
        'The market data service refused the request. Your administrator can check its setup.',
      ).withOperatorDetail(
        `Alpha Vantage refused the request: ${answer['Error Message'].slice(0, PROVIDER_TEXT_CHARS)} Check MARKET_DATA_API_KEY.`,
      );
    }
    return answer;
  }
}

/** A string field of an answer object, or undefined ("None" and "-" are how Alpha Vantage says it has none). */
function field(source: unknown, name: string): string | undefined {
  if (!source || typeof source !== 'object') return undefined;
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() !== '' && value !== 'None' && value !== '-'
    ? value.trim()
    : undefined;
}

/** A decimal string without its padding zeros ("182.5200" → "182.52"), or null when it is not a number. */
function decimal(text: string | undefined): string | null {
  if (!text || !/^-?\d+(\.\d+)?$/.test(text)) return null;
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

function whole(text: string | undefined): number | null {
  return text && /^\d+$/.test(text) ? Number(text) : null;
}
