import { setTimeout as delay } from 'node:timers/promises';
import { and, eq, exists, gt, notExists, or, sql } from 'drizzle-orm';
import type { StockTip } from '../../../contract/stock-tips';
import type { StockAnalyst } from '../../adapters/ai/stock-analyst/stock-analyst';
import { type MarketData, MarketDataError } from '../../adapters/market-data/market-data';
import type { Database } from '../../db/client';
import { stockTips, templates, type UserRow, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { messageForLog } from '../../lib/operator-detail';
import { currentStockTip } from './current-stock-tip';
import { stockTipDto } from './stock-tip.dto';
import { pickTipSymbol } from './tip-symbols';

export type StockTipsService = ReturnType<typeof createStockTipsService>;

/** A tip refreshed this recently counts as today's: the daily round (or a rerun of it) leaves it alone. */
const FRESH_MS = 20 * 3_600_000;
/**
 * The wait between two users' refreshes in the daily round: Alpha Vantage's free plan takes 5 calls a minute and a
 * tip costs 2; the sample costs nothing, but the AI provider is called too.
 */
const SPACING_MS = { alphavantage: 30_000, sample: 1_000 } as const;

/** What the daily round did; each failure is logged by the job and that user is skipped. */
export type DailyRefresh = {
  refreshed: number;
  failed: { userId: string; message: string }[];
  /** Users left for tomorrow because the provider's request limit was reached. */
  leftForLater: number;
};

/**
 * The stock tip of the day (docs/product.md §2, §3, §4): a quote from the market-data provider, analysed by the AI provider
 * or the offline analyst, stored as the user's one current tip. A refresh that fails changes nothing.
 */
export function createStockTipsService(deps: {
  db: Database;
  clock: Clock;
  marketData: MarketData;
  analyst: StockAnalyst;
  /** How the daily round waits between users (tests do not wait). */
  sleep?: (ms: number) => Promise<void>;
}) {
  const { db, clock, marketData, analyst } = deps;
  const sleep = deps.sleep ?? ((ms: number) => delay(ms));

  async function refresh(user: UserRow): Promise<StockTip> {
    const current = await currentStockTip(db, user.id);
    const quote = await marketData.quote(pickTipSymbol(user.industry, current?.symbol ?? null, clock.now()));
    const { recommendation, targetPrice, analysis } = await analyst.analyse(quote);
    const tip = {
      symbol: quote.symbol,
      name: quote.name,
      currentPrice: quote.price,
      priceChange: quote.change,
      priceChangePercent: quote.changePercent,
      volume: quote.volume,
      marketCap: quote.marketCap,
      peRatio: quote.peRatio,
      recommendation,
      targetPrice,
      aiAnalysis: analysis,
      source: marketData.source,
      quoteDate: quote.quoteDate,
      createdAt: clock.now(),
    };
    const [row] = await db
      .insert(stockTips)
      .values({ userId: user.id, ...tip })
      .onConflictDoUpdate({ target: stockTips.userId, set: tip })
      .returning();
    return stockTipDto(row);
  }

  return {
    /** GET /api/stock-tip/current: the tip, or null before the first refresh. */
    current: (user: UserRow) => currentStockTip(db, user.id),

    /** POST /api/stock-tip/refresh: a new tip about another stock, stored and returned. */
    refresh,

    /**
     * The daily round: a new tip for every user who has one or whose templates include it, unless refreshed in the
     * last 20 hours, one user at a time and spaced out. A failure is reported and skipped; at the provider's
     * request limit the round stops, leaving the rest their previous tip.
     */
    async refreshDaily(): Promise<DailyRefresh> {
      const since = new Date(clock.now().getTime() - FRESH_MS);
      const due = await db
        .select()
        .from(users)
        .where(
          and(
            or(
              exists(db.select({ one: sql`1` }).from(stockTips).where(eq(stockTips.userId, users.id))),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(templates)
                  .where(and(eq(templates.userId, users.id), eq(templates.includeStockTip, true))),
              ),
            ),
            notExists(
              db
                .select({ one: sql`1` })
                .from(stockTips)
                .where(and(eq(stockTips.userId, users.id), gt(stockTips.createdAt, since))),
            ),
          ),
        )
        .orderBy(users.createdAt);
      const result: DailyRefresh = { refreshed: 0, failed: [], leftForLater: 0 };
      for (const [index, user] of due.entries()) {
        if (index > 0) await sleep(SPACING_MS[marketData.source]);
        try {
          await refresh(user);
          result.refreshed += 1;
        } catch (error) {
          // For the log: the operator's detail (which service, which setting) with the plain words.
          result.failed.push({ userId: user.id, message: messageForLog(error) });
          if (error instanceof MarketDataError && error.kind === 'rate_limited') {
            result.leftForLater = due.length - index - 1;
            break;
          }
        }
      }
      return result;
    },
  };
}
