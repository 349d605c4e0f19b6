/** docs/product.md §2's badge colours: buy green, sell red, anything else (hold) yellow. */
export function recommendationTone(recommendation: string): 'green' | 'red' | 'yellow' {
  const word = recommendation.toLowerCase();
  return word === 'buy' ? 'green' : word === 'sell' ? 'red' : 'yellow';
}

/** docs/product.md §2: the P/E with one decimal, or "N/A" when there is none. */
export function formatPeRatio(peRatio: string | null): string {
  return peRatio === null || Number.isNaN(Number(peRatio)) ? 'N/A' : Number(peRatio).toFixed(1);
}

/** 172373300 → "172,373,300"; unknown → "N/A". */
export function formatVolume(volume: number | null): string {
  return volume === null ? 'N/A' : volume.toLocaleString('en-US');
}

/** 3176000000000 → "$3.18T", 91700000000 → "$91.70B"; unknown → "N/A". */
export function formatMarketCap(marketCap: number | null): string {
  if (marketCap === null) return 'N/A';
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
  ];
  const [size, suffix] = units.find(([unit]) => marketCap >= unit) ?? [1, ''];
  return `$${(marketCap / size).toFixed(2)}${suffix}`;
}
