import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createMarketData } from './create-market-data';

const env = (values: Record<string, string>) => ({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lr-market-')),
  ...values,
});

describe('choosing the market-data provider', () => {
  it('uses the bundled sample without a key, and Alpha Vantage with one', () => {
    const offline = loadConfig(env({})).marketData;
    expect(offline).toMatchObject({ provider: 'sample', url: 'https://www.alphavantage.co' });
    expect(createMarketData(offline).source).toBe('sample');

    const live = loadConfig(
      env({ MARKET_DATA_API_KEY: 'key', MARKET_DATA_URL: 'http://proxy.local:8080/' }),
    ).marketData;
    expect(live).toEqual({ provider: 'alphavantage', apiKey: 'key', url: 'http://proxy.local:8080' });
    expect(createMarketData(live).source).toBe('alphavantage');
  });

  it('keeps the sample when asked even with a key, and refuses Alpha Vantage without one', () => {
    expect(loadConfig(env({ MARKET_DATA_PROVIDER: 'sample', MARKET_DATA_API_KEY: 'key' })).marketData.provider).toBe(
      'sample',
    );
    expect(() => loadConfig(env({ MARKET_DATA_PROVIDER: 'alphavantage' }))).toThrow(
      /MARKET_DATA_API_KEY: MARKET_DATA_PROVIDER=alphavantage needs an API key/,
    );
  });
});
