import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { adminQuery, databaseUrlOf } from './database-server.setup';

export type TestDatabase = DatabaseHandle & {
  /** The server the database is on, and what it is (the embedded server of the run, or TEST_DATABASE_URL's). */
  serverKind: 'embedded' | 'postgres';
  dispose(): Promise<void>;
};

/**
 * A fresh database for one test file on the run's PostgreSQL server (server/test/database-server.setup.ts):
 * a copy of the migrated template unless `migrated: false`, dropped again by `dispose`.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const { serverUrl, template, kind } = inject('testDatabase');
  const name = `lr_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${options.migrated === false ? '' : ` TEMPLATE ${template}`}`);
  const handle = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl, name), poolSize: 4 });
  return Object.assign(handle, {
    serverKind: kind,
    async dispose() {
      await handle.close();
      await dropWhenIdle(serverUrl, name);
    },
  });
}

/**
 * Drops a test database once the connections that were just closed have gone (pools resolve `end()` before their
 * sockets close; forcing them off then raises an error in the test process), forcing only what lingers.
 */
async function dropWhenIdle(serverUrl: string, name: string) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const [{ count }] = await adminQuery(
      serverUrl,
      'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (count === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
