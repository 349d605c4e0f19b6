import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { validRegistration } from '../test/app';
import { createTestDatabase } from '../test/database';
import { type Queryable, schemaDefinitions, tableContents } from '../test/database-contents';
import { freePort } from '../test/net';
import { runPackageScript } from '../test/package-script';
import { signalAndWait } from '../test/process-exit';
import { healthy, startServer, stopAllServers, waitFor } from '../test/server-process';

// Issue 16, moving from the embedded database to a PostgreSQL server with the backup file and psql (docs/operations.md,
// Backups). It needs TEST_DATABASE_URL's server, so it runs in the PostgreSQL project only (see vitest.config.ts,
// which under REQUIRE_ALL=1 refuses to run without it), and psql.

function psqlUnavailable(): string | null {
  const found = spawnSync('psql', ['--version']).status === 0;
  const reason = found ? null : 'psql is not installed (apt-get install -y postgresql-client)';
  if (reason && process.env.REQUIRE_ALL === '1') throw new Error(`Moving to PostgreSQL cannot be tested: ${reason}`);
  if (reason) console.warn(`Skipping the move to PostgreSQL: ${reason}`);
  return reason;
}

afterEach(stopAllServers);

/** Everything a database holds, read with its timestamps in UTC whatever the server's time zone. */
async function everything(database: Queryable) {
  await database.query("SET TIME ZONE 'UTC'");
  return { tables: await tableContents(database), definitions: await schemaDefinitions(database) };
}

describe.skipIf(psqlUnavailable() !== null)('moving from the embedded database to PostgreSQL', () => {
  it('loads the backup into an empty PostgreSQL database with psql, where the app starts, signs in and lists the leads', {
    timeout: 240_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-move-'));
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'lr-move-file-')), 'move.sql');
    const target = await createTestDatabase({ migrated: false });
    if (target.kind !== 'postgres') throw new Error('expected a PostgreSQL database');
    try {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const embedded = startServer({ DATA_DIR: dataDir, PORT: String(port), ROLE: 'all' });
      await waitFor(healthy(port), 'the app to listen on the embedded database', 60_000);
      const registered = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(validRegistration('mover@backup.test')),
      });
      const cookie = registered.headers.get('set-cookie')?.split(';')[0] ?? '';
      const csvData = Array.from({ length: 250 }, (_, i) => ({ Email: `lead-${i}@move.test`, Company: `Firm ${i}` }));
      const imported = await fetch(`${base}/api/leads/upload-csv`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ csvData }),
      });
      expect(imported.status).toBe(200);

      // docs/operations.md: stop the app, back up, load the file into an empty database, start with DATABASE_URL.
      await signalAndWait(embedded.child, 'SIGTERM');
      const backup = await runPackageScript('backup', [file], { DATA_DIR: dataDir });
      expect(backup.code).toBe(0);
      const psql = spawnSync(
        'psql',
        ['-v', 'ON_ERROR_STOP=1', '--single-transaction', '--quiet', '-d', target.connectionString, '-f', file],
        { encoding: 'utf8' },
      );
      expect(psql.stderr).toBe('');
      expect(psql.status).toBe(0);

      // The server holds the same rows, functions and triggers as the embedded database did.
      const client = new pg.Client({ connectionString: target.connectionString });
      await client.connect();
      const onServer = await everything(client).finally(() => client.end());
      const handle = await openDatabase({ dataDir });
      const embeddedDatabase = await everything(handle.kind === 'pglite' ? handle.pglite : client).finally(() =>
        handle.close(),
      );
      expect(onServer.tables).toEqual(embeddedDatabase.tables);
      expect(onServer.definitions).toEqual(embeddedDatabase.definitions);

      // The same DATA_DIR keeps the secrets: the same session still signs in, and so does the password.
      const onPostgres = startServer({ DATABASE_URL: target.connectionString, DATA_DIR: dataDir, PORT: String(port) });
      await waitFor(healthy(port), 'the app to listen on PostgreSQL', 60_000);
      await waitFor(() => onPostgres.output().includes('Database ready (PostgreSQL)'), 'the start to be logged');
      const leads = await fetch(`${base}/api/leads?limit=500`, { headers: { cookie } });
      expect(leads.status).toBe(200);
      const listed = ((await leads.json()) as { email: string }[]).map((lead) => lead.email).sort();
      expect(listed).toEqual(csvData.map((row) => row.Email).sort());
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'mover@backup.test', password: 'correct-horse' }),
      });
      expect(login.status).toBe(200);
      // Nothing was migrated again: the journal is the one the embedded database had.
      const { rows } = await target.pool.query('SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations');
      const migrations = readdirSync('server/db/migrations').filter((name) => name.endsWith('.sql'));
      expect(rows[0].count).toBe(migrations.length);
    } finally {
      await stopAllServers();
      await target.dispose();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
