import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { appRoot } from '../lib/app-root';
import { claimDataDir } from './data-dir-claim';
import type { PGliteThread } from './pglite-thread';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** One database, whichever engine is behind it: the app only ever sees `db`. */
export type DatabaseHandle =
  | { kind: 'pglite'; db: Database; pglite: PGliteThread; close(): Promise<void> }
  | { kind: 'postgres'; db: Database; pool: pg.Pool; connectionString: string; close(): Promise<void> };

const migrationsFolder = path.join(appRoot, 'server/db/migrations');
// Any constant works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK_ID = 727_465_001;

/** Where the embedded database keeps its files inside DATA_DIR. */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * Opens PostgreSQL at `databaseUrl`, or the embedded PGlite in `dataDir` (in memory when null). DATA_DIR is
 * claimed for this process first (data-dir-claim.ts: DataDirInUseError while another process holds it), and the
 * claim answers `npm run backup` with a copy of the database's files.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string | null;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const connectionString = options.databaseUrl;
    const pool = new pg.Pool({ connectionString, max: options.poolSize ?? 10 });
    // An idle connection the server closed (PostgreSQL restarting) is dropped by the pool, which opens another when
    // it is needed; unheard, its error would end the process.
    pool.on('error', () => {});
    return {
      kind: 'postgres',
      db: drizzlePg(pool, { schema }) as unknown as Database,
      pool,
      connectionString,
      close: () => pool.end(),
    };
  }
  // Loaded only when used: PGlite's WebAssembly build adds ~40 MB to a process that talks to PostgreSQL.
  const { startPGliteThread } = await import('./pglite-thread');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const pgliteDir = options.dataDir ? pgliteDirOf(options.dataDir) : null;
  const claim = options.dataDir ? await claimDataDir(options.dataDir, { purpose: 'LocalReach' }) : null;
  let pglite: PGliteThread;
  try {
    pglite = await startPGliteThread(pgliteDir);
  } catch (error) {
    await claim?.release();
    throw error;
  }
  claim?.answerSnapshots((into) => pglite.backup({ kind: 'snapshot', into }).then(() => {}));
  return {
    kind: 'pglite',
    // Drizzle's PGlite driver calls `query` and `transaction`, which the thread's client answers as PGlite does.
    db: drizzlePglite({ client: pglite as unknown as PGlite, schema }) as unknown as Database,
    pglite,
    async close() {
      await pglite.close();
      await claim?.release();
    },
  };
}

/** Applies the committed SQL migrations; safe when web and worker processes start together. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    // PGlite lives in this one process, so an in-process queue does what the advisory lock does on a server.
    const previous = pgliteMigrations.get(handle.pglite) ?? Promise.resolve();
    const run = previous.catch(() => {}).then(() => migratePgliteNow(handle));
    pgliteMigrations.set(handle.pglite, run);
    return run;
  }
  // A dedicated connection holds the advisory lock for the whole migration run.
  const client = new pg.Client({ connectionString: handle.connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

const pgliteMigrations = new WeakMap<PGliteThread, Promise<void>>();

async function migratePgliteNow(handle: Extract<DatabaseHandle, { kind: 'pglite' }>) {
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  await migratePglite(handle.db as Parameters<typeof migratePglite>[0], { migrationsFolder });
}

/** Rows of a raw SQL query; node-postgres and PGlite both answer with `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
