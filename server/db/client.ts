import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { appRoot } from '../lib/app-root';
import { AppAlreadyRunningError, appSessionName, otherAppProcesses, otherCommandSessions } from './app-processes';
import { keepEmbeddedServer } from './embedded-keeper';
import { openEmbeddedServer } from './embedded-postgres';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * One database and one code path (decision 0062): a `pg` pool and Drizzle, on the embedded PostgreSQL server in
 * DATA_DIR or on the server at DATABASE_URL. `kind` only says which, for messages and tests.
 */
export type DatabaseHandle = {
  kind: 'embedded' | 'postgres';
  db: Database;
  pool: pg.Pool;
  /** The pool's connection string; every other connection of the process (pg-boss, migrations) uses it too. */
  connectionString: string;
  close(): Promise<void>;
};

const migrationsFolder = path.join(appRoot, 'server/db/migrations');
// Any constant works; it only has to be the same in every process that migrates (and restores, which takes it too).
export const MIGRATION_LOCK_ID = 727_465_001;

export type OpenOptions = {
  /** A PostgreSQL server's URL; without it, the embedded server in `dataDir`. */
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /**
   * The app's role when this process is LocalReach itself: its sessions carry it, so that a second `npm start` on
   * the same DATA_DIR is refused and the last app process to stop stops the embedded server.
   */
  role?: 'all' | 'web' | 'worker';
  log?: (line: string) => void;
  /** What went wrong and is being repaired (the embedded server started again); `log` when absent. */
  warn?: (line: string) => void;
};

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return poolHandle('postgres', withSessionName(options.databaseUrl, options.role), options.poolSize);
  }
  if (!options.dataDir) throw new Error('openDatabase needs DATABASE_URL or DATA_DIR');
  const dataDir = options.dataDir;
  const server = await openEmbeddedServer(dataDir, { log: options.log });
  const connectionString = withSessionName(server.connectionString, options.role);
  if (options.role) {
    const others = await otherAppProcesses(connectionString);
    const conflicting = others.find((other) => options.role === 'all' || other.role === 'all');
    if (conflicting) throw new AppAlreadyRunningError(dataDir, conflicting);
  }
  // The pool may close every idle connection: one session stays open for as long as the app runs, for the others;
  // it ending says the server went away, and the keeper starts it again.
  const keeper = options.role
    ? await keepEmbeddedServer({
        dataDir,
        server,
        connectionString,
        log: options.log ?? (() => {}),
        warn: options.warn ?? options.log ?? (() => {}),
      })
    : null;
  const handle = poolHandle('embedded', connectionString, options.poolSize);
  return {
    ...handle,
    async close() {
      await handle.close();
      await keeper?.close();
      const current = keeper?.server() ?? server;
      // The last LocalReach process stops the server; a command that found the app running leaves it be, and a
      // backup or restore under way keeps it running until the command ends (it stops it then, if it started it).
      if (!options.role && !current.startedHere) return;
      if ((await otherAppProcesses(connectionString).catch(() => [])).length > 0) return;
      if (options.role && (await otherCommandSessions(connectionString).catch(() => 0)) > 0) return;
      await current.stop();
    },
  };
}

function poolHandle(kind: DatabaseHandle['kind'], connectionString: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection the server closed (PostgreSQL restarting) is dropped by the pool, which opens another when
  // it is needed; unheard, its error would end the process.
  pool.on('error', () => {});
  // So is a connection lost while checked out (a transaction's): its query fails with the error and the pool drops
  // it on release, but pg also emits the error on the client, which nothing else hears.
  pool.on('connect', (client) => client.on('error', () => {}));
  return {
    kind,
    db: drizzle(pool, { schema }) as unknown as Database,
    pool,
    connectionString,
    close: () => pool.end(),
  };
}

/** The connection string with this process's session name, kept when the URL already names one. */
function withSessionName(connectionString: string, role: OpenOptions['role']): string {
  if (!role) return connectionString;
  const url = new URL(connectionString);
  if (!url.searchParams.has('application_name')) url.searchParams.set('application_name', appSessionName(role));
  return url.toString();
}

/** Applies the committed SQL migrations; safe when web and worker processes start together. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  // A dedicated connection holds the advisory lock for the whole migration run.
  const client = new pg.Client({ connectionString: handle.connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

/** Rows of a raw SQL query. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
