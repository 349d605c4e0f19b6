/**
 * The stocks a tip is chosen from, by the user's industry (the first pattern its words match), else the general
 * list. Each is one of the bundled sample quotes (server/adapters/market-data/sample-quotes.ts), so tips work offline too.
 */
const INDUSTRY_SYMBOLS: { pattern: RegExp; symbols: readonly string[] }[] = [
  {
    pattern: /tech|software|saas|\bit\b|computer|web|digital|cyber|data|electronic|internet/,
    symbols: ['AAPL', 'NVDA', 'INTC', 'CRWD'],
  },
  {
    pattern: /real estate|realt|propert|home|house|construct|contractor|roof|plumb|landscap|garden|renovat|hvac/,
    symbols: ['HD', 'JPM', 'AMZN'],
  },
  { pattern: /restaurant|food|caf[eé]|coffee|bak|cater|hospitality|hotel|brew|bar\b/, symbols: ['SBUX', 'AMZN'] },
  { pattern: /retail|shop|store|commerce|fashion|apparel|cloth|boutique|sport/, symbols: ['AMZN', 'NKE', 'HD'] },
  { pattern: /financ|bank|insur|account|tax|mortgage|invest|wealth|loan|credit/, symbols: ['JPM', 'UNH'] },
  {
    pattern: /health|medic|dental|dentist|clinic|pharm|doctor|physio|therap|fitness|gym|wellness|care/,
    symbols: ['UNH', 'NKE'],
  },
  { pattern: /market|advertis|media|agency|design|photo|video|social|seo|print/, symbols: ['META', 'AMZN'] },
  { pattern: /auto|\bcars?\b|dealer|vehicle|motor|transport|logistic|mechanic|garage/, symbols: ['TSLA', 'AMZN'] },
];

export const GENERAL_SYMBOLS: readonly string[] = [
  'AAPL',
  'AMZN',
  'JPM',
  'NVDA',
  'UNH',
  'HD',
  'META',
  'SBUX',
  'TSLA',
  'NKE',
  'CRWD',
  'INTC',
];

/** Every symbol a tip may be about (the sample must hold a quote for each). */
export const ALL_TIP_SYMBOLS: readonly string[] = [
  ...new Set([...GENERAL_SYMBOLS, ...INDUSTRY_SYMBOLS.flatMap((entry) => entry.symbols)]),
];

/** The list that suits the industry, else the general one. */
export function tipSymbols(industry: string | null): readonly string[] {
  const words = industry?.toLowerCase() ?? '';
  return INDUSTRY_SYMBOLS.find((entry) => entry.pattern.test(words))?.symbols ?? GENERAL_SYMBOLS;
}

/**
 * The next tip's symbol: the one after the current tip's in the user's list, so a refresh always changes the stock
 * and the daily refresh goes round the list; without a current tip in the list, the day's own place in it.
 */
export function pickTipSymbol(industry: string | null, currentSymbol: string | null, now: Date): string {
  const symbols = tipSymbols(industry);
  const current = currentSymbol ? symbols.indexOf(currentSymbol) : -1;
  const day = Math.floor(now.getTime() / 86_400_000);
  return symbols[(current >= 0 ? current + 1 : day) % symbols.length];
}
