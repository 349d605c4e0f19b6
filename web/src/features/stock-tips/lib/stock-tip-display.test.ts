import { describe, expect, it } from 'vitest';
import { formatMarketCap, formatPeRatio, formatVolume, recommendationTone } from './stock-tip-display';

describe('stock tip display', () => {
  it('colours buy green, sell red and anything else yellow', () => {
    expect(recommendationTone('buy')).toBe('green');
    expect(recommendationTone('SELL')).toBe('red');
    expect(recommendationTone('hold')).toBe('yellow');
    expect(recommendationTone('accumulate')).toBe('yellow');
  });

  it('shows the P/E with one decimal, or N/A', () => {
    expect(formatPeRatio('32.21')).toBe('32.2');
    expect(formatPeRatio('560')).toBe('560.0');
    expect(formatPeRatio(null)).toBe('N/A');
  });

  it('writes volume and market cap for people', () => {
    expect(formatVolume(172_373_300)).toBe('172,373,300');
    expect(formatVolume(null)).toBe('N/A');
    expect(formatMarketCap(3_176_000_000_000)).toBe('$3.18T');
    expect(formatMarketCap(91_700_000_000)).toBe('$91.70B');
    expect(formatMarketCap(12_500_000)).toBe('$12.50M');
    expect(formatMarketCap(null)).toBe('N/A');
  });
});
