import { sql } from 'drizzle-orm';
import { type Database, queryRows } from './client';

/** Whether the server's autovacuum launcher runs: never on the embedded database, nor on a server with it off. */
export async function autovacuumRuns(db: Database): Promise<boolean> {
  const [{ autovacuum }] = await queryRows<{ autovacuum: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE backend_type = 'autovacuum launcher') AS autovacuum`,
  );
  return autovacuum;
}

/**
 * VACUUM (ANALYZE) of the whole database when nothing else vacuums it: the embedded database (PGlite runs no
 * autovacuum) or a server with autovacuum off. Without it the rows every update and delete leave behind (a
 * campaign's recipient rows change state twice per mail, pg-boss's jobs come and go) are never reclaimed, the
 * tables only grow, and no page is ever marked all-visible, so the list's index-only scans read the table too.
 * A server whose autovacuum runs is left to it.
 */
export async function vacuumUnlessAutovacuum(db: Database): Promise<{ vacuumed: boolean }> {
  if (await autovacuumRuns(db)) return { vacuumed: false };
  await db.execute(sql`VACUUM (ANALYZE)`);
  return { vacuumed: true };
}
