import type { StockTip } from '../../../contract/stock-tips';
import type { StockTipRow } from '../../db/schema';

/** docs/product.md §3's fields of a stored tip; prices stay the numeric strings PostgreSQL gives. */
export function stockTipDto(row: StockTipRow): StockTip {
  return {
    symbol: row.symbol,
    name: row.name,
    currentPrice: row.currentPrice,
    priceChange: row.priceChange,
    priceChangePercent: row.priceChangePercent,
    volume: row.volume,
    marketCap: row.marketCap,
    peRatio: row.peRatio,
    recommendation: row.recommendation,
    targetPrice: row.targetPrice,
    aiAnalysis: row.aiAnalysis,
    sample: row.source === 'sample',
    quoteDate: row.quoteDate,
  };
}
