import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/**
 * Gives the planner fresh statistics on `leads` once the table has grown to more than twice what it last counted
 * (and past a thousand rows). Autovacuum counts it too, but only when it next looks (every minute, one database at
 * a time) and only past a tenth more rows; a big import doubles a small table many times within that minute.
 * Without them the planner takes a user with a million leads for one with a few thousand and, for a search, also
 * reads that user's whole part of the list index. Once per doubling, so a handful of times on the way to a million.
 */
async function analyzeLeadsWhenGrown(db: Database): Promise<void> {
  const [table] = await queryRows<{ estimated: number; counted: number }>(
    db,
    sql`SELECT (SELECT reltuples FROM pg_class WHERE oid = 'leads'::regclass)::float8 AS estimated,
               (SELECT coalesce(sum(total), 0) FROM lead_counts)::float8 AS counted`,
  );
  if (table.counted <= Math.max(table.estimated, 0) * 2 + 1000) return;
  await db.execute(sql`ANALYZE leads`);
}

/**
 * Moves the search index's pending entries into the index proper (decision 0035). New leads' trigrams wait in GIN's
 * pending list, which every search reads whole; merging them in small pieces as inserts go (the list's limit) cost
 * an import three to four times its time, while one merge of a whole import chunk is cheap. So the list is large
 * (16 MB, migration 0023) and merged here, after each import and by the housekeeping job.
 */
export async function mergeSearchIndexPending(db: Database): Promise<void> {
  await db.execute(sql`SELECT gin_clean_pending_list('leads_search_idx'::regclass)`);
}

/** After leads were imported: their search entries merged, and the planner's statistics kept near the truth. */
export async function upkeepAfterImport(db: Database): Promise<void> {
  await mergeSearchIndexPending(db);
  await analyzeLeadsWhenGrown(db);
}
