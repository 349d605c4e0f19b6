import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { askDataDirHolder, claimDataDir, controlSocketPath } from '../db/data-dir-claim';
import type { PGliteClient } from '../db/pglite-thread';
import { validRegistration } from '../test/app';
import { schemaDefinitions, tableContents } from '../test/database-contents';
import { freePort } from '../test/net';
import { runPackageScript } from '../test/package-script';
import { signalAndWait } from '../test/process-exit';
import { healthy, startServer, stopAllServers, waitFor } from '../test/server-process';

// Issue 16, backups of the embedded database (decision 0039), with real processes and real files: the app as
// `npm start` runs it, `npm run backup` and `npm run restore` as npm runs them. They are about PGlite alone, so
// the PostgreSQL project leaves them to the PGlite one; moving to PostgreSQL is backup.postgres.test.ts.

const LEADS_PER_CHUNK = 100;
const dirs: string[] = [];
const newDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `lr-backup-${name}-`));
  dirs.push(dir);
  return dir;
};
const backup = (file: string, env: Record<string, string>) => runPackageScript('backup', [file], env);
const restore = (file: string, dataDir: string) => runPackageScript('restore', [file], { DATA_DIR: dataDir });

function api(port: number, cookie: string) {
  return async <T>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
}

async function register(port: number, email: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validRegistration(email)),
  });
  expect(response.status).toBe(201);
  return response.headers.get('set-cookie')?.split(';')[0] ?? '';
}

/** Runs `work` on the embedded database in DATA_DIR, opened as the app opens it (no server may hold it). */
async function inDatabase<T>(dataDir: string, work: (database: PGliteClient) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir });
  try {
    if (handle.kind !== 'pglite') throw new Error('expected the embedded database');
    return await work(handle.pglite);
  } finally {
    await handle.close();
  }
}

/** Everything a database holds and does: each table's rows in every schema, and its functions and triggers. */
const everything = (dataDir: string) =>
  inDatabase(dataDir, async (database) => ({
    tables: await tableContents(database),
    definitions: await schemaDefinitions(database),
  }));

/**
 * Writes through the HTTP API until stopped, as people using the app would: lead imports (one transaction each,
 * LEADS_PER_CHUNK leads whose emails name their chunk) and saves of one template (its subject numbers the save).
 * Each write is recorded when the app acknowledged it.
 */
function writeLoad(port: number, cookie: string, templateId: number) {
  const call = api(port, cookie);
  const chunks: { chunk: number; at: number }[] = [];
  const saves: { version: number; at: number }[] = [];
  let running = true;
  const imports = (async () => {
    for (let chunk = 0; running; chunk++) {
      const csvData = Array.from({ length: LEADS_PER_CHUNK }, (_, i) => ({
        Email: `c${chunk}-l${i}@load.test`,
        'First Name': `Lead ${i}`,
      }));
      const { status, body } = await call<{ added: number }>('POST', '/api/leads/upload-csv', { csvData });
      if (status !== 200 || body.added !== LEADS_PER_CHUNK) throw new Error(`import ${chunk}: ${status}`);
      chunks.push({ chunk, at: performance.now() });
    }
  })();
  const templateSaves = (async () => {
    for (let version = 1; running; version++) {
      const template = { name: 'Under load', subject: `Save ${version}`, body: `<p>Save ${version}</p>` };
      const { status } = await call('PUT', `/api/templates/${templateId}`, template);
      if (status !== 200) throw new Error(`template save ${version}: ${status}`);
      saves.push({ version, at: performance.now() });
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
    await waitFor(healthy(port), 'the app to listen', 60_000);
    cookie = await register(port, 'owner@backup.test');
    const created = await api(port, cookie)<{ id: number }>('POST', '/api/templates', {
      name: 'Under load',
      subject: 'Save 0',
      body: '<p>Save 0</p>',
    });
    expect(created.status).toBe(201);
    templateId = created.body.id;
  });
  afterAll(async () => {
    await stopAllServers();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('backs up while the app takes writes; the restore is consistent, has every write acknowledged before, and the app serves it', {
    timeout: 240_000,
  }, async () => {
    const load = writeLoad(port, cookie, templateId);
    await waitFor(() => load.chunks.length >= 5, 'the load to get going');
    const file = path.join(files, 'under-load.sql');
    const began = performance.now();
    const run = await backup(file, { DATA_DIR: dataDir });
    const ended = performance.now();
    await load.stop();
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/LocalReach is running \(process \d+\); it copied its database in \d+ ms\./);
    expect(run.stdout).toContain(`Backup written: ${file}`);
    // The app went on answering while the backup ran.
    expect(load.chunks.some(({ at }) => at > began && at < ended)).toBe(true);

    const restored = newDir('restored');
    const restoring = await restore(file, restored);
    expect(restoring).toMatchObject({ code: 0, stderr: '' });
    expect(restoring.stdout).toMatch(/Restored into .* in [\d.]+ s: 1 user, [\d,]+ leads\./);

    const found = await inDatabase(restored, async (database) => ({
      chunks: (
        await database.query<{ chunk: number; leads: number }>(
          `SELECT substring(email FROM '^c(\\d+)-')::int AS chunk, count(*)::int AS leads FROM leads GROUP BY 1`,
        )
      ).rows,
      counts: (
        await database.query<{ kept: number; counted: number; active: number }>(
          `SELECT c.total AS kept, c.active, (SELECT count(*)::int FROM leads l WHERE l.user_id = c.user_id) AS counted
           FROM lead_counts c`,
        )
      ).rows,
      subject: (await database.query<{ subject: string }>('SELECT subject FROM templates')).rows[0]?.subject,
    }));
    // Every import is all there or not at all, and all those acknowledged before the backup began are there.
    for (const { leads } of found.chunks) expect(leads).toBe(LEADS_PER_CHUNK);
    const restoredChunks = new Set(found.chunks.map(({ chunk }) => chunk));
    const acknowledgedBefore = load.chunks.filter(({ at }) => at < began);
    for (const { chunk } of acknowledgedBefore) expect(restoredChunks.has(chunk)).toBe(true);
    const total = found.chunks.length * LEADS_PER_CHUNK;
    expect(found.counts).toEqual([{ kept: total, counted: total, active: total }]);
    const lastSaveBefore = load.saves.filter(({ at }) => at < began).at(-1)?.version ?? 0;
    expect(Number(found.subject?.replace('Save ', ''))).toBeGreaterThanOrEqual(lastSaveBefore);

    // The app starts on the restored DATA_DIR: the same sessions and secrets, so the same cookie signs in.
    const restoredPort = await freePort();
    startServer({ DATA_DIR: restored, PORT: String(restoredPort), ROLE: 'all' });
    await waitFor(healthy(restoredPort), 'the app to start on the restored database', 60_000);
    const call = api(restoredPort, cookie);
    expect((await call<{ total: number }>('GET', '/api/leads/count')).body.total).toBe(total);
    const listed = await call<{ subject: string }[]>('GET', '/api/templates');
    expect(listed.body.map((template) => template.subject)).toEqual([found.subject]);
    const login = await fetch(`http://127.0.0.1:${restoredPort}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@backup.test', password: 'correct-horse' }),
    });
    expect(login.status).toBe(200);
  });

  it('once the writes stop, restores equal to the live database in every table of every schema, with the same functions and triggers', {
    timeout: 240_000,
  }, async () => {
    // pg-boss updates its own tables every few seconds, so "the live database" is taken at one moment: the
    // running app copies its files as `npm run backup` has it do (no statement runs meanwhile). That copy is
    // then backed up and restored, and the two compared.
    const live = newDir('live');
    const answer = await askDataDirHolder(dataDir, { op: 'snapshot', into: path.join(live, 'pglite') });
    expect(answer).toMatchObject({ ok: true, holder: { pid: server.child.pid } });
    const file = path.join(files, 'quiet.sql');
    const run = await backup(file, { DATA_DIR: live });
    expect(run.code).toBe(0);
    const restored = newDir('restored');
    expect((await restore(file, restored)).code).toBe(0);

    const [original, copy] = [await everything(live), await everything(restored)];
    for (const table of ['drizzle.__drizzle_migrations', 'pgboss.schedule', 'pgboss.version', 'public.leads']) {
      expect(original.tables.get(table)?.length, table).toBeGreaterThan(0);
    }
    expect(copy.tables).toEqual(original.tables);
    expect(original.definitions.filter((definition) => definition.startsWith('trigger '))).not.toEqual([]);
    expect(copy.definitions).toEqual(original.definitions);
  });

  it('refuses a second app while one holds DATA_DIR, and a backup while a restore holds it', {
    timeout: 120_000,
  }, async () => {
    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()), ROLE: 'all' });
    const exit = await new Promise<number | null>((resolve) => second.child.once('exit', resolve));
    expect(exit).toBe(1);
    expect(second.output()).toContain(
      `LocalReach cannot start: DATA_DIR ${dataDir} is in use by LocalReach (process ${server.child.pid}). Only one process may open the embedded database.`,
    );
    expect(await healthy(port)()).toBe(true);

    const restoring = newDir('restoring');
    mkdirSync(path.join(restoring, 'pglite'));
    const claim = await claimDataDir(restoring, { purpose: 'a restore' });
    try {
      const refused = await backup(path.join(files, 'busy.sql'), { DATA_DIR: restoring });
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain(
        `DATA_DIR ${restoring} is in use by a restore (process ${process.pid}). It cannot take a backup now.`,
      );
    } finally {
      await claim.release();
    }
    expect(existsSync(path.join(files, 'busy.sql'))).toBe(false);

    const withServer = await backup(path.join(files, 'server.sql'), {
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://x',
    });
    expect(withServer.code).toBe(2);
    expect(withServer.stderr).toContain('DATABASE_URL is set');
    const existing = await backup(path.join(files, 'under-load.sql'), { DATA_DIR: dataDir });
    expect(existing.code).toBe(2);
    expect(existing.stderr).toContain('already exists; choose another file name.');
  });

  it('backs up a stopped DATA_DIR, also after the app was killed, and restores only into an empty DATA_DIR', {
    timeout: 240_000,
  }, async () => {
    await signalAndWait(server.child, 'SIGTERM');
    const stopped = await backup(path.join(files, 'stopped.sql'), { DATA_DIR: dataDir });
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toContain('LocalReach is not running; copied the database files.');
    const restored = newDir('restored');
    expect((await restore(path.join(files, 'stopped.sql'), restored)).code).toBe(0);
    expect(await everything(restored)).toEqual(await everything(dataDir));

    const before = readdirSync(dataDir).sort();
    const refused = await restore(path.join(files, 'stopped.sql'), dataDir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`DATA_DIR ${dataDir} is not empty (it holds `);
    expect(refused.stderr).toContain('A restore fills an empty DATA_DIR only');
    expect(readdirSync(dataDir).sort()).toEqual(before);

    // A killed app leaves its control socket behind; nobody answers on it any more.
    const killed = startServer({ DATA_DIR: dataDir, PORT: String(port), ROLE: 'all' });
    await waitFor(healthy(port), 'the app to start again', 60_000);
    await signalAndWait(killed.child, 'SIGKILL');
    expect(existsSync(controlSocketPath(dataDir))).toBe(true);
    const afterKill = await runPackageScript('backup', ['--without-secrets', path.join(files, 'after-kill.sql')], {
      DATA_DIR: dataDir,
    });
    expect(afterKill.code).toBe(0);
    expect(afterKill.stdout).toContain('LocalReach is not running');
    expect(afterKill.stdout).toContain('It holds no secrets: keep SESSION_SECRET and ENCRYPTION_KEY');
    const withoutSecrets = newDir('without-secrets');
    const restoring = await restore(path.join(files, 'after-kill.sql'), withoutSecrets);
    expect(restoring.code).toBe(0);
    expect(restoring.stderr).toContain(
      'This backup holds no secrets: before starting, copy session-secret and encryption-key',
    );
    expect(readdirSync(withoutSecrets).sort()).toEqual(['control', 'pglite']);
    const again = startServer({ DATA_DIR: dataDir, PORT: String(port), ROLE: 'all' });
    await waitFor(healthy(port), 'the app to start after the kill', 60_000);
    expect((await api(port, cookie)<{ total: number }>('GET', '/api/leads/count')).status).toBe(200);
    await signalAndWait(again.child, 'SIGTERM');
  });
});
