import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../db/client';
import { clusterDirOf, runningServer } from '../db/embedded-postgres';
import { hashPassword } from '../modules/auth/password';
import { freePort } from '../test/net';
import { runPackageScript } from '../test/package-script';
import { healthy, startServer, stopAllServers, stopProcess, waitFor } from '../test/server-process';
import { movedMarkerOf, pgliteDirOf } from './pglite-data-dir';
import {
  contentsOf,
  makeReleaseDataDir,
  OTHER_ID,
  OWNER_LEADS,
  type ReleaseDataDir,
  writeReleaseRows,
} from './release-data-dir.fixture';

/**
 * `npm run migrate-embedded` as a person runs it (package.json's command, in a child process), on DATA_DIRs made as
 * the releases on PGlite made them (release-data-dir.fixture.ts), and LocalReach started on the result
 * (decision 0064).
 */

const dataDirs: string[] = [];
afterEach(stopAllServers);
afterAll(async () => {
  for (const dataDir of dataDirs) {
    await (await runningServer(dataDir).catch(() => null))?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const move = (dataDir: string, env: Record<string, string> = {}) =>
  runPackageScript('migrate-embedded', [], { DATA_DIR: dataDir, DATABASE_URL: '', ...env });

/** Runs `work` on the embedded server in DATA_DIR (started and migrated for it, stopped after if started here). */
async function onServer<T>(dataDir: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  const client = new pg.Client({ connectionString: database.connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
    await database.close();
  }
}

describe('npm run migrate-embedded on a DATA_DIR the release on PGlite made', () => {
  let release: ReleaseDataDir;
  let dataDir: string;
  let port: number;

  beforeAll(async () => {
    const ownerPasswordHash = await hashPassword('correct-horse');
    release = await makeReleaseDataDir({ rows: (pglite) => writeReleaseRows(pglite, ownerPasswordHash) });
    dataDir = release.dataDir;
    dataDirs.push(dataDir);
    port = await freePort();
  }, 180_000);

  it('LocalReach refuses to start before the move, naming the command, and creates no database', async () => {
    const app = startServer({ DATA_DIR: dataDir, PORT: String(port), ROLE: 'all' });
    await new Promise((resolve) => app.child.once('exit', resolve));
    expect(app.child.exitCode).toBe(1);
    expect(app.output()).toContain(`LocalReach cannot start: DATA_DIR ${dataDir} holds a PGlite database`);
    expect(app.output()).toContain(`DATA_DIR=${dataDir} npm run migrate-embedded`);
    expect(existsSync(clusterDirOf(dataDir))).toBe(false);
  });

  it('refuses with DATABASE_URL set, and while an earlier release holds DATA_DIR', async () => {
    const withUrl = await move(dataDir, { DATABASE_URL: 'postgres://db.example/localreach' });
    expect(withUrl.code).toBe(2);
    expect(withUrl.stderr).toContain('DATABASE_URL is set');
    expect(withUrl.stderr).toContain('Run it without DATABASE_URL');

    // An earlier release held DATA_DIR by listening on its control socket.
    mkdirSync(path.join(dataDir, 'control'), { mode: 0o700 });
    const earlier: Server = createServer();
    await new Promise<void>((resolve) => earlier.listen(path.join(dataDir, 'control', 'socket'), resolve));
    try {
      const held = await move(dataDir);
      expect(held.code).toBe(3);
      expect(held.stderr).toContain(`an earlier release of LocalReach is running on DATA_DIR ${dataDir}`);
    } finally {
      await new Promise((resolve) => earlier.close(resolve));
      rmSync(path.join(dataDir, 'control'), { recursive: true, force: true });
    }
    expect(existsSync(clusterDirOf(dataDir))).toBe(false);
  });

  it('fails loudly and keeps nothing when a table does not arrive as it left', async () => {
    // A server whose rate_limit_windows keeps whole seconds only: the row arrives, its microseconds do not.
    await onServer(dataDir, async (client) => {
      await client.query('ALTER TABLE rate_limit_windows ALTER COLUMN resets_at TYPE timestamptz(0)');
    });
    const failed = await move(dataDir);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('rate_limit_windows: 1 row on both sides, but their values differ');
    expect(failed.stderr).toContain('Nothing was moved');
    expect(existsSync(movedMarkerOf(dataDir))).toBe(false);
    await onServer(dataDir, async (client) => {
      const { rows } = await client.query(
        'SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM leads)::int AS leads',
      );
      expect(rows[0]).toEqual({ users: 0, leads: 0 });
      await client.query('ALTER TABLE rate_limit_windows ALTER COLUMN resets_at TYPE timestamptz');
    });
  }, 120_000);

  it('moves every row, counter and sequence in one transaction and leaves the PGlite files', async () => {
    // Small chunks: the lead table is read and sent in many pieces, as a large one is.
    const moved = await move(dataDir, { MIGRATE_EMBEDDED_CHUNK_BYTES: '32768' });
    expect(moved.stderr).toBe('');
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/ {2}leads: [\d,]+ of 2,505 rows…/);
    expect(moved.stdout).toContain('leads: 2,505 rows moved');
    expect(moved.stdout).toContain('users: 2 rows moved');
    expect(moved.stdout).toContain('campaign_recipients: 200 rows moved');
    expect(moved.stdout).toContain('tracking_events: 70 rows moved');
    expect(moved.stdout).toContain(`rm -rf ${pgliteDirOf(dataDir)}`);

    const before = release.contents;
    const after = await onServer(dataDir, (client) => contentsOf((text) => client.query(text)));
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before))
      expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
    expect(before.leads).toHaveLength(OWNER_LEADS + 5);
    expect(before.lead_list_marks).toHaveLength(2);

    await onServer(dataDir, async (client) => {
      // The counters the triggers keep were copied, not counted again.
      const counts = await client.query(
        `SELECT c.total = l.total AND c.active = l.active AND c.unsubscribed = l.unsubscribed AND c.bounced = l.bounced AS same
           FROM lead_counts c JOIN (SELECT user_id, count(*)::int AS total, count(*) FILTER (WHERE status = 'active')::int AS active,
                  count(*) FILTER (WHERE status = 'unsubscribed')::int AS unsubscribed,
                  count(*) FILTER (WHERE status = 'bounced')::int AS bounced FROM leads GROUP BY user_id) l USING (user_id)`,
      );
      expect(counts.rows).toEqual([{ same: true }, { same: true }]);
      const rollups = await client.query(
        `SELECT sum(mails)::int AS mails, sum(delivered)::int AS delivered, sum(opened)::int AS opened,
                sum(clicked)::int AS clicked, sum(replied)::int AS replied, sum(machine_events)::int AS machine
           FROM mail_rollups`,
      );
      const recounted = await client.query(
        `SELECT count(*)::int AS mails, count(*) FILTER (WHERE state = 'sent')::int AS delivered,
                count(*) FILTER (WHERE state = 'sent' AND human_opened)::int AS opened,
                count(*) FILTER (WHERE state = 'sent' AND human_clicked)::int AS clicked,
                count(*) FILTER (WHERE replied_at IS NOT NULL)::int AS replied, sum(machine_events)::int AS machine
           FROM campaign_recipients WHERE kind = 'campaign' AND state IN ('sent', 'failed', 'unknown')`,
      );
      expect(rollups.rows[0]).toEqual(recounted.rows[0]);
      expect(rollups.rows[0]).toMatchObject({ mails: 200, delivered: 180, replied: 3, machine: 4 });
      // Every trigger is on again, every index is there, and the next lead gets the id PGlite would have given.
      const triggers = await client.query('SELECT DISTINCT tgenabled FROM pg_trigger WHERE NOT tgisinternal');
      expect(triggers.rows).toEqual([{ tgenabled: 'O' }]);
      const indexes = await client.query(
        "SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = 'public' AND indexname = 'leads_search_idx'",
      );
      expect(indexes.rows).toEqual([{ n: 1 }]);
      const next = await client.query("SELECT nextval('leads_id_seq')::int AS id");
      expect(next.rows[0].id).toBe(release.sequences.leads_id_seq + 1);
    });

    expect(existsSync(path.join(pgliteDirOf(dataDir), 'PG_VERSION'))).toBe(true);
    const marker = readFileSync(movedMarkerOf(dataDir), 'utf8');
    const rows = Object.values(before).reduce((sum, table) => sum + table.length, 0);
    expect(marker).toContain(`${rows.toLocaleString('en-US')} rows in 31 tables`);
    expect(marker).toContain(`rm -rf ${pgliteDirOf(dataDir)}`);
  }, 120_000);

  it('LocalReach then starts on DATA_DIR, and a sign-in with the moved password sees the data', async () => {
    const app = startServer({ DATA_DIR: dataDir, PORT: String(port), ROLE: 'all' });
    await waitFor(healthy(port), 'LocalReach to start on the moved DATA_DIR', 60_000).catch((error) => {
      throw new Error(`${error.message}:\n${app.output()}`);
    });
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'correct-horse' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const get = async (url: string) => (await fetch(`http://127.0.0.1:${port}${url}`, { headers: { cookie } })).json();
    // The counts answer bounced too: the rest of the owner's leads.
    expect(await get('/api/leads/count')).toEqual({
      total: OWNER_LEADS,
      active: 2_167,
      unsubscribed: 250,
      bounced: OWNER_LEADS - 2_167 - 250,
    });
    const [campaign] = (await get('/api/campaigns')) as { emailsSent: number; emailsFailed: number }[];
    expect(campaign).toMatchObject({ emailsSent: 180, emailsFailed: 20 });
    const user = (await get('/api/auth/user')) as { email: string; firstName: string };
    expect(user).toMatchObject({ email: 'owner@example.com', firstName: 'Zoë\tTab' });

    // The move refuses to run beside the app (here with its mark of a finished move out of the way).
    renameSync(movedMarkerOf(dataDir), `${movedMarkerOf(dataDir)}.aside`);
    try {
      const beside = await move(dataDir);
      expect(beside.code).toBe(3);
      expect(beside.stderr).toContain(`LocalReach (process ${app.child.pid}) is running on DATA_DIR ${dataDir}`);
    } finally {
      renameSync(`${movedMarkerOf(dataDir)}.aside`, movedMarkerOf(dataDir));
    }
    await stopProcess(app.child);
    expect(app.child.exitCode).toBe(0);
  }, 120_000);

  it('refuses a second move, saying when the first was made and what may be deleted', async () => {
    const again = await move(dataDir);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`The PGlite database in ${pgliteDirOf(dataDir)} has already been moved`);
    expect(again.stderr).toContain('rm -rf');
  });
});

describe('npm run migrate-embedded on the DATA_DIR of an older release', () => {
  it('applies the migrations its PGlite database lacks, then moves it; a later move finds the server holding data', async () => {
    const { dataDir } = await makeReleaseDataDir({
      migrations: 20,
      rows: async (pglite) => {
        await pglite.exec(
          `INSERT INTO users (id, email, password_hash) VALUES ('${OTHER_ID}', 'older@example.com', 'x')`,
        );
        await pglite.exec(
          `INSERT INTO leads (user_id, email) SELECT '${OTHER_ID}', 'l' || g || '@example.com' FROM generate_series(1, 30) g`,
        );
      },
    });
    dataDirs.push(dataDir);
    const moved = await move(dataDir);
    expect(moved.stderr).toBe('');
    expect(moved.code).toBe(0);
    // Of every migration the repository holds (the journal's entries): a new migration must not break this test.
    const journal = JSON.parse(readFileSync(path.join('server/db/migrations/meta/_journal.json'), 'utf8'));
    expect(moved.stdout).toContain(`Bringing it up to date first (20 of ${journal.entries.length} migrations applied)`);
    expect(moved.stdout).toContain('leads: 30 rows moved');
    await onServer(dataDir, async (client) => {
      const { rows } = await client.query(
        'SELECT (SELECT total FROM lead_counts) AS total, (SELECT count(*)::int FROM leads WHERE search_text IS NOT NULL) AS searchable',
      );
      expect(rows[0]).toEqual({ total: 30, searchable: 30 });
    });

    // Without its mark, the PGlite database would be moved again: the server's data is not overwritten.
    rmSync(movedMarkerOf(dataDir));
    const over = await move(dataDir);
    expect(over.code).toBe(2);
    expect(over.stderr).toContain('already holds LocalReach data (1 user)');
    expect(over.stderr).toContain(`rm -rf ${pgliteDirOf(dataDir)}`);
  }, 180_000);

  it('refuses a DATA_DIR with no PGlite database', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'lr-no-pglite-'));
    dataDirs.push(empty);
    const refused = await move(empty);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`There is no PGlite database in ${pgliteDirOf(empty)}: nothing to move.`);
  });
});
