import { describe, expect, it } from 'vitest';
import { ALL_TIP_SYMBOLS } from '../../modules/stock-tips/tip-symbols';
import { MarketDataError } from './market-data';
import { SampleMarketData } from './sample-market-data';
import { SAMPLE_QUOTES } from './sample-quotes';

const sample = new SampleMarketData();

describe('the bundled sample of quotes', () => {
  it('has a quote for every symbol a tip may be about, and says it is the sample', async () => {
    expect(sample.source).toBe('sample');
    for (const symbol of ALL_TIP_SYMBOLS) expect((await sample.quote(symbol)).symbol).toBe(symbol);
  });

  it('holds consistent figures: the change is the price minus the previous close, in money and in percent', () => {
    for (const quote of SAMPLE_QUOTES) {
      const previous = Number(quote.price) - Number(quote.change);
      expect(
        Math.abs((Number(quote.change) / previous) * 100 - Number(quote.changePercent)),
        quote.symbol,
      ).toBeLessThan(0.02);
      expect(quote.quoteDate, quote.symbol).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('has days up and down, and a company without a P/E', () => {
    expect(SAMPLE_QUOTES.some((quote) => Number(quote.change) > 0)).toBe(true);
    expect(SAMPLE_QUOTES.some((quote) => Number(quote.change) < 0)).toBe(true);
    expect(SAMPLE_QUOTES.some((quote) => quote.peRatio === null)).toBe(true);
  });

  it('calls a symbol it does not hold unknown', async () => {
    await expect(sample.quote('ZZZZ')).rejects.toThrow(MarketDataError);
  });
});
