import type { MarketQuote } from '../../market-data/market-data';
import type { StockAnalysis, StockAnalyst } from './stock-analyst';

/** Upside to the analysts' target from which the tip says buy, and the downside from which it says sell (%). */
const BUY_UPSIDE = 10;
const SELL_DOWNSIDE = -5;
/** A day's move of this size or more (%) is called a jump or a drop. */
const BIG_MOVE = 5;
/** P/E bounds of a rich and a modest valuation. */
const RICH_PE = 40;
const MODEST_PE = 15;

/**
 * The built-in analyst used when no AI provider is configured: the recommendation follows the distance to the
 * analysts' target (buy from 10% upside, if the company earns money; sell from 5% downside; else hold), and the
 * analysis says what the figures say: the day's move, the valuation by P/E, the distance to the target, and why.
 */
export class OfflineStockAnalyst implements StockAnalyst {
  readonly source = 'offline' as const;

  async analyse(quote: MarketQuote): Promise<StockAnalysis> {
    const price = Number(quote.price);
    const target = quote.analystTargetPrice === null ? null : Number(quote.analystTargetPrice);
    const upside = target === null || price <= 0 ? null : ((target - price) / price) * 100;
    const earns = quote.peRatio !== null && Number(quote.peRatio) > 0;
    const recommendation =
      upside === null ? 'hold' : upside >= BUY_UPSIDE && earns ? 'buy' : upside <= SELL_DOWNSIDE ? 'sell' : 'hold';
    const analysis = [move(quote), valuation(quote), distance(upside, target), reason(recommendation, upside, earns)]
      .filter(Boolean)
      .join(' ');
    return { recommendation, targetPrice: target === null ? null : target.toFixed(2), analysis };
  }
}

function move(quote: MarketQuote): string {
  const percent = Number(quote.changePercent);
  const size = Math.abs(percent);
  const verb =
    percent >= 0
      ? size >= BIG_MOVE
        ? 'jumped'
        : size === 0
          ? 'held'
          : 'rose'
      : size >= BIG_MOVE
        ? 'dropped'
        : 'slipped';
  const by = size === 0 ? 'steady' : `${size.toFixed(2)}% (${usd(Math.abs(Number(quote.change)))})`;
  const day = quote.quoteDate ? ` on ${quote.quoteDate}` : '';
  return `${quote.name} (${quote.symbol}) ${verb} ${by} to close at ${usd(Number(quote.price))}${day}.`;
}

function valuation(quote: MarketQuote): string {
  if (quote.peRatio === null || Number(quote.peRatio) <= 0) {
    return 'It has no P/E ratio: the company lost money over the past year, so the price rests on a recovery.';
  }
  const pe = Number(quote.peRatio);
  const times = `${pe.toFixed(1)} times earnings`;
  if (pe >= RICH_PE) return `At ${times} the shares are priced for strong growth, which leaves little room for a miss.`;
  if (pe <= MODEST_PE) return `At ${times} the shares are modestly valued.`;
  return `At ${times} the valuation is in line with the broad market.`;
}

function distance(upside: number | null, target: number | null): string {
  if (upside === null || target === null) return 'No analyst target is published for it.';
  const where = upside >= 0 ? 'above' : 'below';
  return `Analysts' average target of ${usd(target)} is ${Math.abs(upside).toFixed(1)}% ${where} the price.`;
}

function reason(recommendation: StockAnalysis['recommendation'], upside: number | null, earns: boolean): string {
  if (recommendation === 'buy') return 'That room to the target makes it a buy for patient investors.';
  if (recommendation === 'sell') return 'With the price already past where analysts see it, taking profits looks wise.';
  if (upside !== null && upside >= BUY_UPSIDE && !earns) {
    return 'The upside is real, but without earnings it is a hold until the turnaround shows.';
  }
  return 'With the price close to fair value, it is a hold.';
}

const usd = (value: number) => `$${value.toFixed(2)}`;
