import { fromPglite, PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

/**
 * pg-boss on the same database as the app: PGlite through its adapter, or its own small pool on
 * PostgreSQL. Web processes only enqueue (no maintenance, no cron); worker processes do the rest.
 */
export async function startQueue(handle: DatabaseHandle, options: { runsWorkers: boolean }): Promise<PgBoss> {
  const roleOptions = { supervise: options.runsWorkers, schedule: options.runsWorkers };
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(handle.pglite), backend: 'pglite', ...roleOptions })
      : new PgBoss({ connectionString: handle.connectionString, max: 4, ...roleOptions });
  boss.on('error', (error) => console.error('[jobs]', error));
  await boss.start();
  return boss;
}
