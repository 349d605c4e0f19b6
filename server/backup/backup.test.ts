import type { ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runningServer } from '../db/embedded-postgres';
import { freePort } from '../test/net';
import { runPackageScript, type ScriptRun } from '../test/package-script';
import { signalAndWait } from '../test/process-exit';
import { healthy, startServer, stopAllServers, waitFor } from '../test/server-process';
import {
  api,
  awkwardLeads,
  backedUpContents,
  inDataDir,
  leadCountsBesideLeads,
  register,
  rowCounts,
  sendSomeMails,
  signsIn,
} from './backup-test-helpers';

// `npm run backup` and `npm run restore` on the embedded PostgreSQL server (decision 0063), with real processes
// and real files: the app as `npm start` runs it, the commands as npm runs them. The same commands with
// DATABASE_URL, and restores onto another major version, are in backup.postgres.test.ts.

const LEADS_PER_CHUNK = 100;
/** A table the app does not touch while it imports: a lock on it holds the backup after it took its snapshot. */
const QUIET_TABLE = 'public.stock_tips';
const dirs: string[] = [];
const newDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `lr-backup-${name}-`));
  dirs.push(dir);
  return dir;
};
const backup = (args: string[], env: Record<string, string>, onSpawn?: (child: ChildProcess) => void) =>
  runPackageScript('backup', args, env, onSpawn);
const restore = (file: string, dataDir: string) => runPackageScript('restore', [file], { DATA_DIR: dataDir });

/**
 * Writes through the HTTP API until stopped, as people using the app would: lead imports (one transaction each,
 * LEADS_PER_CHUNK leads whose emails name their chunk) and saves of one template (its subject numbers the save).
 * Each write is recorded with when it was sent and when the app acknowledged it.
 */
function writeLoad(port: number, cookie: string, templateId: number) {
  const call = api(port, cookie);
  const chunks: { chunk: number; sent: number; at: number }[] = [];
  const saves: { version: number; sent: number; at: number }[] = [];
  let running = true;
  const imports = (async () => {
    for (let chunk = 0; running; chunk++) {
      const csvData = awkwardLeads(`c${chunk}`, LEADS_PER_CHUNK);
      const sent = performance.now();
      const { status, body } = await call<{ added: number }>('POST', '/api/leads/upload-csv', { csvData });
      if (status !== 200 || body.added !== LEADS_PER_CHUNK) throw new Error(`import ${chunk}: ${status}`);
      chunks.push({ chunk, sent, at: performance.now() });
    }
  })();
  const templateSaves = (async () => {
    for (let version = 1; running; version++) {
      const template = { name: 'Under load', subject: `Save ${version}`, body: `<p>Save ${version}</p>` };
      const sent = performance.now();
      const { status } = await call('PUT', `/api/templates/${templateId}`, template);
      if (status !== 200) throw new Error(`template save ${version}: ${status}`);
      saves.push({ version, sent, at: performance.now() });
    }
  })();
  return {
    chunks,
    saves,
    async stop() {
      running = false;
      await Promise.all([imports, templateSaves]);
    },
  };
}

/** A transaction holding `table` so that no one else may even read it, until `release`. */
async function holdTable(connectionString: string, table: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  return {
    async release() {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

/** Whether the backup process `pid` waits for a lock (so it has its snapshot: it locks its tables after taking it). */
async function backupWaiting(connectionString: string, pid: number): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
      [`localreach backup ${pid}`],
    );
    return (rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/** Starts `npm run backup` held by a lock on QUIET_TABLE after its snapshot; answers once it waits there. */
async function heldBackup(dataDir: string, file: string) {
  const server = await runningServer(dataDir);
  if (!server) throw new Error(`no server runs in ${dataDir}`);
  const lock = await holdTable(server.connectionString, QUIET_TABLE);
  let child: ChildProcess | undefined;
  const run = backup([file], { DATA_DIR: dataDir }, (spawned) => {
    child = spawned;
  });
  await waitFor(
    async () => child?.pid !== undefined && (await backupWaiting(server.connectionString, child.pid)),
    'the backup to take its snapshot and wait',
    60_000,
  );
  return { run, child: child as ChildProcess, lock, snapshotBy: performance.now() };
}

describe('backups of the embedded database', () => {
  const dataDir = newDir('data');
  const files = newDir('files');
  let port: number;
  let server: ReturnType<typeof startServer>;
  let cookie: string;
  let templateId: number;

  beforeAll(async () => {
    port = await freePort();
    server = startServer({ DATA_DIR: dataDir, PORT: String(port), ROLE: 'all' });
    await waitFor(healthy(port), 'the app to listen', 90_000);
    cookie = await register(port, 'owner@backup.test');
    const created = await api(port, cookie)<{ id: number }>('POST', '/api/templates', {
      name: 'Under load',
      subject: 'Save 0',
      body: '<p>Save 0</p>',
    });
    expect(created.status).toBe(201);
    templateId = created.body.id;
  }, 120_000);
  afterAll(async () => {
    await stopAllServers();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('backs up one moment while the app writes: all that was acknowledged before, nothing sent after its snapshot, and the app serves the restore', {
    timeout: 300_000,
  }, async () => {
    const load = writeLoad(port, cookie, templateId);
    await waitFor(() => load.chunks.length >= 3, 'the load to get going');
    const file = path.join(files, 'under-load.sql');
    const began = performance.now();
    const held = await heldBackup(dataDir, file);
    // The app goes on writing while the backup holds its moment.
    await waitFor(
      () =>
        load.chunks.filter(({ sent }) => sent > held.snapshotBy).length >= 2 &&
        load.saves.some(({ sent }) => sent > held.snapshotBy),
      'writes after the snapshot',
      60_000,
    );
    await held.lock.release();
    const run = await held.run;
    await load.stop();
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /LocalReach is running \(process \d+\); it goes on while the backup reads one moment of its database\./,
    );
    expect(run.stdout).toMatch(/ {2}leads: [\d,]+ rows\n/);
    expect(run.stdout).toContain(`Backup written: ${file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.partial`)).toBe(false);

    const restored = newDir('restored');
    const restoring = await restore(file, restored);
    expect(restoring).toMatchObject({ code: 0, stderr: '' });
    expect(restoring.stdout).toMatch(/Restored into .* in [\d.]+ s: 1 user, [\d,]+ leads\./);
    // The restore stopped the server it started for itself.
    expect(await runningServer(restored)).toBeNull();

    const found = await inDataDir(restored, async (client) => ({
      chunks: (
        await client.query<{ chunk: number; leads: number }>(
          `SELECT substring(email FROM '^c(\\d+)-')::int AS chunk, count(*)::int AS leads FROM leads GROUP BY 1`,
        )
      ).rows,
      counts: await leadCountsBesideLeads(client),
      subject: (await client.query<{ subject: string }>('SELECT subject FROM templates')).rows[0]?.subject,
      names: (await client.query<{ company: string }>("SELECT company FROM leads WHERE email = 'c0-5@backup.test'"))
        .rows,
    }));
    // Every import is all there or not at all: those acknowledged before the backup began are, those sent after
    // its snapshot are not.
    for (const { leads } of found.chunks) expect(leads).toBe(LEADS_PER_CHUNK);
    const restoredChunks = found.chunks.map(({ chunk }) => chunk).sort((a, b) => a - b);
    for (const { chunk } of load.chunks.filter(({ at }) => at < began)) expect(restoredChunks).toContain(chunk);
    for (const { chunk } of load.chunks.filter(({ sent }) => sent > held.snapshotBy)) {
      expect(restoredChunks).not.toContain(chunk);
    }
    const total = found.chunks.length * LEADS_PER_CHUNK;
    expect(found.counts).toEqual([{ kept: total, counted: total }]);
    expect(found.names).toEqual([{ company: awkwardLeads('c0', 6)[5].Company }]);
    const version = Number(found.subject?.replace('Save ', ''));
    expect(version).toBeGreaterThanOrEqual(load.saves.filter(({ at }) => at < began).at(-1)?.version ?? 0);
    const firstSaveAfter = load.saves.find(({ sent }) => sent > held.snapshotBy)?.version ?? Number.POSITIVE_INFINITY;
    expect(version).toBeLessThan(firstSaveAfter);

    // The app starts on the restored DATA_DIR: the same sessions and secrets, so the same cookie works; its
    // sequences go on and its triggers count again.
    const restoredPort = await freePort();
    const onRestored = startServer({ DATA_DIR: restored, PORT: String(restoredPort), ROLE: 'all' });
    await waitFor(healthy(restoredPort), 'the app to start on the restored database', 90_000);
    const call = api(restoredPort, cookie);
    expect((await call<{ total: number }>('GET', '/api/leads/count')).body.total).toBe(total);
    const listed = await call<{ subject: string }[]>('GET', '/api/templates');
    expect(listed.body.map((template) => template.subject)).toEqual([found.subject]);
    expect(await signsIn(restoredPort, 'owner@backup.test')).toBe(true);
    const more = await call<{ added: number }>('POST', '/api/leads/upload-csv', { csvData: awkwardLeads('after', 10) });
    expect(more).toMatchObject({ status: 200, body: { added: 10 } });
    expect((await call<{ total: number }>('GET', '/api/leads/count')).body.total).toBe(total + 10);
    await signalAndWait(onRestored.child, 'SIGTERM');
  });

  it('leaves no file when interrupted, and the app goes on', { timeout: 120_000 }, async () => {
    const file = path.join(files, 'interrupted.sql');
    const held = await heldBackup(dataDir, file);
    expect(existsSync(`${file}.partial`)).toBe(true);
    held.child.kill('SIGINT');
    const run = await held.run;
    await held.lock.release();
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('Interrupted: nothing was kept.');
    expect(readdirSync(files).filter((name) => name.startsWith('interrupted'))).toEqual([]);
    expect(await healthy(port)()).toBe(true);
  });

  it('refuses what it cannot do before writing anything', { timeout: 120_000 }, async () => {
    const existing = path.join(files, 'existing.sql');
    writeFileSync(existing, 'keep me');
    const refused = await backup([existing], { DATA_DIR: dataDir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('already exists; choose another file name.');
    expect(readFileSync(existing, 'utf8')).toBe('keep me');

    const empty = newDir('empty');
    const nothing = await backup([path.join(files, 'nothing.sql')], { DATA_DIR: empty });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain(`DATA_DIR ${empty} holds no embedded database`);
    expect(readdirSync(empty)).toEqual([]);

    const pgliteEra = newDir('pglite-era');
    mkdirSync(path.join(pgliteEra, 'pglite'));
    const earlier = await backup([path.join(files, 'earlier.sql')], { DATA_DIR: pgliteEra });
    expect(earlier.code).toBe(2);
    expect(earlier.stderr).toContain('holds the database of an earlier LocalReach (PGlite');
    expect(earlier.stderr).toContain('npm run migrate-embedded');
    expect(readdirSync(files).filter((name) => /^(nothing|earlier)/.test(name))).toEqual([]);

    const notBackup = path.join(files, 'notes.sql');
    writeFileSync(notBackup, 'SELECT 1;\n');
    const target = newDir('target');
    const notOne = await restore(notBackup, target);
    expect(notOne.code).toBe(2);
    expect(notOne.stderr).toContain(`${notBackup} is not a LocalReach backup`);
    expect(readdirSync(target)).toEqual([]);
  });

  it('backs up a stopped DATA_DIR (starting its server and stopping it again), restores equal in every table, and only into an empty DATA_DIR', {
    timeout: 300_000,
  }, async () => {
    await signalAndWait(server.child, 'SIGTERM');
    // Rows in the tables that triggers keep counts and rollups of: sent mails, some replied.
    await sendSomeMails({ dataDir }, 30, 4);
    expect(await runningServer(dataDir)).toBeNull();

    const file = path.join(files, 'stopped.sql');
    const stopped = await backup(['--without-secrets', file], { DATA_DIR: dataDir });
    expect(stopped).toMatchObject({ code: 0, stderr: '' });
    expect(stopped.stdout).toContain(
      'LocalReach is not running; started its embedded database for the backup (stopped again after).',
    );
    expect(stopped.stdout).toContain('It holds no secrets: keep SESSION_SECRET and ENCRYPTION_KEY');
    expect(await runningServer(dataDir)).toBeNull();

    const restored = newDir('restored');
    const restoring = await restore(file, restored);
    expect(restoring.code).toBe(0);
    expect(restoring.stderr).toContain(
      'This backup holds no secrets: before starting, copy session-secret and encryption-key',
    );
    expect(readdirSync(restored).sort()).toEqual(['postgres', 'postgres-password', 'postgres-port', 'postgres.log']);

    const original = await inDataDir(dataDir, backedUpContents);
    const copy = await inDataDir(restored, backedUpContents);
    for (const table of [
      'drizzle.__drizzle_migrations',
      'public.leads',
      'public.campaign_recipients',
      'public.mail_rollups',
      'public.sessions',
    ]) {
      expect(original.tables.get(table)?.length, table).toBeGreaterThan(0);
    }
    expect(rowCounts(copy.tables)).toEqual(rowCounts(original.tables));
    expect(copy.tables).toEqual(original.tables);
    expect(original.definitions.filter((definition) => definition.startsWith('trigger '))).not.toEqual([]);
    expect(copy.definitions).toEqual(original.definitions);

    const before = readdirSync(dataDir).sort();
    const refused = await restore(file, dataDir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`DATA_DIR ${dataDir} is not empty (it holds `);
    expect(refused.stderr).toContain('A restore fills an empty DATA_DIR only');
    expect(readdirSync(dataDir).sort()).toEqual(before);
  });

  it('restores nothing from a file cut short, and leaves DATA_DIR as it found it', { timeout: 120_000 }, async () => {
    const whole = readFileSync(path.join(files, 'stopped.sql'), 'utf8');
    const cut = path.join(files, 'cut.sql');
    // Cut after a whole table's rows: every statement in it is whole, only the end is missing.
    writeFileSync(
      cut,
      whole.slice(0, whole.indexOf('ENABLE TRIGGER USER;', whole.indexOf('COPY "public"."leads"')) + 21),
    );
    // A DATA_DIR that does not exist yet (right under TMPDIR, where a root app's server user may pass).
    const target = `${newDir('cut')}-data`;
    dirs.push(target);
    const run: ScriptRun = await restore(cut, target);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${cut} is incomplete (it does not end as a backup ends). Nothing was restored.`);
    expect(existsSync(target)).toBe(false);
  });

  it('restores a backup of the PGlite era (pg_dump plain SQL), and the app starts on it', {
    timeout: 180_000,
  }, async () => {
    const restored = newDir('pglite-era-restored');
    const run = await restore(path.resolve('server/backup/fixtures/pglite-era-backup.sql'), restored);
    expect(run.stdout).toContain('1 user, 40 leads.');
    expect(run.code).toBe(0);
    const counts = await inDataDir(restored, leadCountsBesideLeads);
    expect(counts).toEqual([{ kept: 40, counted: 40 }]);
    const restoredPort = await freePort();
    startServer({ DATA_DIR: restored, PORT: String(restoredPort), ROLE: 'all' });
    await waitFor(healthy(restoredPort), 'the app to start on the PGlite-era backup', 90_000);
    expect(await signsIn(restoredPort, 'old@backup.test')).toBe(true);
  });
});
