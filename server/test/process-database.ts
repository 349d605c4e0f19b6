import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, migrateDatabase, openDatabase, queryRows } from '../db/client';
import { createTestDatabase } from './database';
import { waitFor } from './server-process';

/** A migrated database that a test shares with the server processes it starts (server/test/server-process.ts). */
export type ProcessDatabase = {
  kind: DatabaseHandle['kind'];
  /**
   * What a server process needs in its environment to use the database (and a DATA_DIR of its own, never ./data).
   * On PostgreSQL its sessions carry `processName`, for `released`.
   */
  env(processName: string): Record<string, string>;
  /**
   * Resolves once the database holds nothing more of a process that was killed: PostgreSQL still finishes, and
   * commits, a statement the process sent just before it died; PGlite died with it.
   */
  released(processName: string): Promise<void>;
  /**
   * Runs `work` on the database. PGlite is opened for it and closed after, as only one process may hold DATA_DIR:
   * call it only while no server process runs. PostgreSQL stays open in the test all along.
   */
  use<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
};

/**
 * The database of the project under test for real processes: with TEST_DATABASE_URL a fresh PostgreSQL database,
 * else an embedded PGlite in a new DATA_DIR, as `npm start` keeps it.
 */
export async function createProcessDatabase(): Promise<ProcessDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-process-db-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase();
    if (database.kind !== 'postgres') throw new Error('TEST_DATABASE_URL did not give a PostgreSQL database');
    const sessionsOf = async (processName: string) => {
      const [{ count }] = await queryRows<{ count: number }>(
        database.db,
        sql`SELECT count(*)::int AS count FROM pg_stat_activity WHERE application_name = ${processName}`,
      );
      return count;
    };
    return {
      kind: 'postgres',
      env(processName) {
        const url = new URL(database.connectionString);
        url.searchParams.set('application_name', processName);
        return { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
      },
      released: (processName) =>
        waitFor(async () => (await sessionsOf(processName)) === 0, `PostgreSQL to drop the sessions of ${processName}`),
      use: (work) => work(database),
      async dispose() {
        await database.dispose();
        removeDataDir();
      },
    };
  }
  return {
    kind: 'pglite',
    env: () => ({ DATA_DIR: dataDir }),
    released: async () => {},
    async use(work) {
      const handle = await openDatabase({ dataDir });
      try {
        await migrateDatabase(handle);
        return await work(handle);
      } finally {
        await handle.close();
      }
    },
    dispose: async () => removeDataDir(),
  };
}
