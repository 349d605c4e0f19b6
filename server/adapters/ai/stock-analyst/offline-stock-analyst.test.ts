import { describe, expect, it } from 'vitest';
import type { MarketQuote } from '../../market-data/market-data';
import { OfflineStockAnalyst } from './offline-stock-analyst';

const analyst = new OfflineStockAnalyst();
const quote = (figures: Partial<MarketQuote>): MarketQuote => ({
  symbol: 'ACME',
  name: 'Acme Corp',
  price: '100.00',
  change: '2.00',
  changePercent: '2.04',
  volume: 1_000_000,
  marketCap: 5_000_000_000,
  peRatio: '20.0',
  analystTargetPrice: '105.00',
  quoteDate: '2024-06-11',
  ...figures,
});

describe('the offline analyst', () => {
  it('says buy with room to the target, naming the move, the valuation and the distance', async () => {
    const result = await analyst.analyse(
      quote({ analystTargetPrice: '125.00', change: '7.00', changePercent: '7.53' }),
    );
    expect(result.recommendation).toBe('buy');
    expect(result.targetPrice).toBe('125.00');
    expect(result.analysis).toContain('Acme Corp (ACME) jumped 7.53% ($7.00) to close at $100.00 on 2024-06-11.');
    expect(result.analysis).toContain('At 20.0 times earnings the valuation is in line with the broad market.');
    expect(result.analysis).toContain("Analysts' average target of $125.00 is 25.0% above the price.");
  });

  it('says sell when the price is well past the target, and describes a drop', async () => {
    const result = await analyst.analyse(
      quote({ analystTargetPrice: '80.00', change: '-1.50', changePercent: '-1.48', peRatio: '65.0' }),
    );
    expect(result.recommendation).toBe('sell');
    expect(result.analysis).toContain('slipped 1.48% ($1.50)');
    expect(result.analysis).toContain('At 65.0 times earnings the shares are priced for strong growth');
    expect(result.analysis).toContain('20.0% below the price');
  });

  it('holds near the target, and holds a loss-maker however far the target, saying why', async () => {
    expect((await analyst.analyse(quote({}))).recommendation).toBe('hold');
    const lossMaker = await analyst.analyse(quote({ peRatio: null, analystTargetPrice: '130.00' }));
    expect(lossMaker.recommendation).toBe('hold');
    expect(lossMaker.analysis).toContain('It has no P/E ratio: the company lost money over the past year');
    expect(lossMaker.analysis).toContain('without earnings it is a hold');
  });

  it('has no target when analysts publish none', async () => {
    const result = await analyst.analyse(quote({ analystTargetPrice: null }));
    expect(result).toMatchObject({ recommendation: 'hold', targetPrice: null });
    expect(result.analysis).toContain('No analyst target is published for it.');
  });

  it('writes different analyses for different figures', async () => {
    const first = await analyst.analyse(quote({}));
    const second = await analyst.analyse(quote({ symbol: 'OTHR', name: 'Other Inc', peRatio: '9.5', change: '-8' }));
    expect(first.analysis).not.toBe(second.analysis);
  });
});
