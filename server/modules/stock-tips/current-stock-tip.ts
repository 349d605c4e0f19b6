import { eq } from 'drizzle-orm';
import type { StockTip } from '../../../contract/stock-tips';
import type { Database } from '../../db/client';
import { stockTips } from '../../db/schema';
import { stockTipDto } from './stock-tip.dto';

/** The user's current tip, or null: the page shows it, and mails of templates with includeStockTip carry it. */
export async function currentStockTip(db: Database, userId: string): Promise<StockTip | null> {
  const [row] = await db.select().from(stockTips).where(eq(stockTips.userId, userId));
  return row ? stockTipDto(row) : null;
}
