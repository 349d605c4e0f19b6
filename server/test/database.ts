import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../db/client';

/**
 * A fresh database for one test file, migrated unless `migrated: false`: in-memory PGlite by default, or a new
 * database on the PostgreSQL server at TEST_DATABASE_URL (dropped again by `dispose`).
 */
export async function createTestDatabase(
  options: { migrated?: boolean } = {},
): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  const migrated = options.migrated ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ dataDir: null });
    if (migrated) await migrateDatabase(handle);
    return Object.assign(handle, { dispose: () => handle.close() });
  }
  const name = `lr_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  if (migrated) await migrateDatabase(handle);
  return Object.assign(handle, {
    async dispose() {
      await handle.close();
      await dropWhenIdle(serverUrl, name);
    },
  });
}

async function adminQuery(serverUrl: string, statement: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows;
  } finally {
    await client.end();
  }
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
