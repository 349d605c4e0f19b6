import { AlphaVantageMarketData } from './alpha-vantage';
import type { MarketData } from './market-data';
import { SampleMarketData } from './sample-market-data';

export type MarketDataConfig = {
  provider: 'alphavantage' | 'sample';
  apiKey?: string;
  url: string;
};

/** How long a market-data request may take. */
export const MARKET_DATA_TIMEOUT_MS = 10_000;

/** The configured provider: Alpha Vantage with a key, else the bundled sample. */
export function createMarketData(config: MarketDataConfig | undefined): MarketData {
  if (config?.provider !== 'alphavantage' || !config.apiKey) return new SampleMarketData();
  return new AlphaVantageMarketData({ apiKey: config.apiKey, baseUrl: config.url, timeoutMs: MARKET_DATA_TIMEOUT_MS });
}
