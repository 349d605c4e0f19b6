import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_ID } from '../db/client';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { freePort } from '../test/net';
import { runPackageScript } from '../test/package-script';
import { signalAndWait } from '../test/process-exit';
import { healthy, startServer, stopAllServers, waitFor } from '../test/server-process';
import {
  api,
  awkwardLeads,
  backedUpContents,
  inDatabase,
  inDataDir,
  leadCountsBesideLeads,
  register,
  rowCounts,
  sendSomeMails,
  signsIn,
} from './backup-test-helpers';

// `npm run backup` and `npm run restore` with DATABASE_URL, and restores onto a server of another major version
// (decision 0063). In the `postgres` project the run's server is TEST_DATABASE_URL's (the machine's PostgreSQL 15)
// while the embedded server is PostgreSQL 18; in the `embedded` project both are the embedded server.

const dirs: string[] = [];
const databases: TestDatabase[] = [];
const newDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `lr-backup-pg-${name}-`));
  dirs.push(dir);
  return dir;
};
const newDatabase = async (migrated: boolean) => {
  const database = await createTestDatabase({ migrated });
  databases.push(database);
  return database;
};

afterEach(stopAllServers);
afterAll(async () => {
  for (const database of databases) await database.dispose();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Fills a database through the app on `port`: an account, awkward leads, a template; answers the session. */
async function fill(port: number, email: string) {
  const cookie = await register(port, email);
  const call = api(port, cookie);
  const imported = await call<{ added: number }>('POST', '/api/leads/upload-csv', {
    csvData: awkwardLeads('lead', 250),
  });
  expect(imported).toMatchObject({ status: 200, body: { added: 250 } });
  const template = { name: 'Moved', subject: 'Hello {{firstName}}', body: "<p>It's $1; done \\ ok</p>" };
  expect((await call('POST', '/api/templates', template)).status).toBe(201);
  return cookie;
}

describe('backups with DATABASE_URL, and onto another major version', () => {
  it('backs up a database at DATABASE_URL while the app runs on it, and restores it into an empty database and into an empty DATA_DIR', {
    timeout: 300_000,
  }, async () => {
    const source = await newDatabase(true);
    const secrets = newDir('secrets');
    const files = newDir('files');
    const env = { DATABASE_URL: source.connectionString, DATA_DIR: secrets };
    const port = await freePort();
    const app = startServer({ ...env, PORT: String(port), ROLE: 'all' });
    await waitFor(healthy(port), 'the app to listen on DATABASE_URL', 90_000);
    await fill(port, 'server@backup.test');

    const whileRunning = path.join(files, 'while-running.sql');
    const running = await runPackageScript('backup', [whileRunning], env);
    expect(running).toMatchObject({ code: 0, stderr: '' });
    const where = new URL(source.connectionString);
    expect(running.stdout).toContain(
      `Backing up the PostgreSQL database ${where.hostname}:${where.port}${where.pathname}`,
    );
    expect(running.stdout).toMatch(/LocalReach is running \(process \d+\)/);
    expect(running.stdout).not.toContain(where.password || 'no password');

    await signalAndWait(app.child, 'SIGTERM');
    await sendSomeMails({ databaseUrl: source.connectionString }, 20, 3);
    const file = path.join(files, 'stopped.sql');
    expect((await runPackageScript('backup', [file], env)).code).toBe(0);
    const original = await inDatabase(source.connectionString, backedUpContents);
    expect(original.tables.get('public.mail_rollups')?.length).toBeGreaterThan(0);

    // Into an empty database on the same server, with a new DATA_DIR for the secrets.
    const target = await newDatabase(false);
    const targetSecrets = path.join(newDir('target-secrets'), 'data');
    const restored = await runPackageScript('restore', [file], {
      DATABASE_URL: target.connectionString,
      DATA_DIR: targetSecrets,
    });
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toMatch(/Restored into the PostgreSQL database .* in [\d.]+ s: 1 user, 250 leads\./);
    expect(readdirSync(targetSecrets).sort()).toEqual(['encryption-key', 'session-secret']);
    expect(readFileSync(path.join(targetSecrets, 'session-secret'), 'utf8')).toBe(
      readFileSync(path.join(secrets, 'session-secret'), 'utf8'),
    );
    const onServer = await inDatabase(target.connectionString, backedUpContents);
    expect(rowCounts(onServer.tables)).toEqual(rowCounts(original.tables));
    expect(onServer.tables).toEqual(original.tables);
    expect(onServer.definitions).toEqual(original.definitions);

    // Into an empty DATA_DIR: the embedded server.
    const dataDir = newDir('embedded');
    expect((await runPackageScript('restore', [file], { DATA_DIR: dataDir })).code).toBe(0);
    const embedded = await inDataDir(dataDir, async (client) => ({
      ...(await backedUpContents(client)),
      counts: await leadCountsBesideLeads(client),
    }));
    expect(embedded.tables).toEqual(original.tables);
    expect(embedded.counts).toEqual([{ kept: 250, counted: 250 }]);

    // A database that is not empty is refused, and so are secrets in DATA_DIR other than the backup's.
    const again = await runPackageScript('restore', [whileRunning], {
      DATABASE_URL: target.connectionString,
      DATA_DIR: targetSecrets,
    });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('is not empty (it holds ');
    expect(again.stderr).toContain('A restore fills an empty database only');
    const otherSecrets = newDir('other-secrets');
    writeFileSync(path.join(otherSecrets, 'encryption-key'), `${'ab'.repeat(32)}\n`, { mode: 0o600 });
    const empty = await newDatabase(false);
    const conflicting = await runPackageScript('restore', [file], {
      DATABASE_URL: empty.connectionString,
      DATA_DIR: otherSecrets,
    });
    expect(conflicting.code).toBe(2);
    expect(conflicting.stderr).toContain(`${path.join(otherSecrets, 'encryption-key')} is not the backup's`);
    // An app migrating it (the lock every app process takes to migrate) makes the restore wait for another time.
    const busy = await inDatabase(empty.connectionString, async (client) => {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      return runPackageScript('restore', [file], { DATABASE_URL: empty.connectionString, DATA_DIR: targetSecrets });
    });
    expect(busy.code).toBe(3);
    expect(busy.stderr).toContain('Another process is migrating or restoring the PostgreSQL database');
    expect(
      await inDatabase(
        empty.connectionString,
        async (client) => (await client.query('SELECT 1 FROM pg_tables WHERE schemaname = $1', ['public'])).rowCount,
      ),
    ).toBe(0);
  });

  it('moves the embedded PostgreSQL 18 database onto the run’s server (PostgreSQL 15 in the postgres project) with npm run restore and with psql, where the app starts on it', {
    timeout: 300_000,
  }, async () => {
    const dataDir = newDir('from-embedded');
    const port = await freePort();
    const embedded = startServer({ DATA_DIR: dataDir, PORT: String(port), ROLE: 'all' });
    await waitFor(healthy(port), 'the app to listen on the embedded database', 90_000);
    const cookie = await fill(port, 'mover@backup.test');
    await signalAndWait(embedded.child, 'SIGTERM');
    await sendSomeMails({ dataDir }, 20, 3);
    const file = path.join(newDir('move'), 'move.sql');
    const backup = await runPackageScript('backup', [file], { DATA_DIR: dataDir });
    expect(backup.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^-- localreach-backup \{"format":2,.*"postgres":"18\.\d+"\}$/m);
    const original = await inDataDir(dataDir, backedUpContents);

    const target = await newDatabase(false);
    const restored = await runPackageScript('restore', [file], {
      DATABASE_URL: target.connectionString,
      DATA_DIR: dataDir,
    });
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    const onServer = await inDatabase(target.connectionString, backedUpContents);
    expect(rowCounts(onServer.tables)).toEqual(rowCounts(original.tables));
    expect(onServer.tables).toEqual(original.tables);
    expect(onServer.definitions).toEqual(original.definitions);

    // The file is plain SQL psql loads too (docs/operations.md, Backups).
    const viaPsql = await newDatabase(false);
    const psql = spawnSync(
      'psql',
      ['-v', 'ON_ERROR_STOP=1', '--single-transaction', '--quiet', '-d', viaPsql.connectionString, '-f', file],
      { encoding: 'utf8' },
    );
    expect(psql.stderr).toBe('');
    expect(psql.status).toBe(0);
    expect((await inDatabase(viaPsql.connectionString, backedUpContents)).tables).toEqual(original.tables);

    // The same DATA_DIR keeps the secrets: the same session still works, and so does the password.
    const onPostgres = startServer({ DATABASE_URL: target.connectionString, DATA_DIR: dataDir, PORT: String(port) });
    await waitFor(healthy(port), 'the app to listen on PostgreSQL', 90_000);
    await waitFor(() => onPostgres.output().includes('Database ready (PostgreSQL)'), 'the start to be logged');
    const leads = await fetch(`http://127.0.0.1:${port}/api/leads?limit=500`, { headers: { cookie } });
    expect(leads.status).toBe(200);
    const listed = ((await leads.json()) as { email: string }[]).map((lead) => lead.email).sort();
    expect(listed).toEqual(
      awkwardLeads('lead', 250)
        .map((row) => row.Email)
        .sort(),
    );
    expect(await signsIn(port, 'mover@backup.test')).toBe(true);
    // Nothing was migrated again: the journal is the one the embedded database had.
    const journal = await inDatabase(
      target.connectionString,
      async (client) =>
        (await client.query('SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations')).rows[0].count,
    );
    expect(journal).toBe(readdirSync('server/db/migrations').filter((name) => name.endsWith('.sql')).length);
  });

  it('restores a backup of the PGlite era into an empty database at DATABASE_URL', { timeout: 120_000 }, async () => {
    const target = await newDatabase(false);
    const run = await runPackageScript('restore', [path.resolve('server/backup/fixtures/pglite-era-backup.sql')], {
      DATABASE_URL: target.connectionString,
      DATA_DIR: newDir('pglite-era'),
    });
    expect(run.stdout).toContain('1 user, 40 leads.');
    expect(run.code).toBe(0);
    expect(await inDatabase(target.connectionString, leadCountsBesideLeads)).toEqual([{ kept: 40, counted: 40 }]);
    expect(existsSync(path.join(dirs.at(-1) as string, 'session-secret'))).toBe(false);
  });
});
