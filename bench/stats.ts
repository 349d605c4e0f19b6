/**
 * Analytics benchmark: one user with 1,000,000 campaign mails over the past year (America/New_York,
 * weekdays, 09:00–17:00) and their opens, clicks and replies, beside 1,000 other users with a few hundred mails
 * each, seeded with plain SQL into the base tables (bench/stats-seed.ts; triggers keep whatever else the schema
 * keeps), on the default install (the app's embedded PostgreSQL server in a DATA_DIR of its own) or, with
 * BENCH_BACKENDS=embedded,postgres, also on a server at BENCH_DATABASE_URL. Then the server runs as `npm start` runs it, the main user (an admin) signs in through the API, and each
 * analytics call is timed over HTTP: WARM_UP requests, then up to SAMPLES sequential ones (fewer when a call is so
 * slow that its time budget runs out; the table says how many). The all-time figures are checked against a recount
 * from the base tables first.
 *
 *   BENCH=stats npm run bench                      the embedded server
 *   BENCH=stats BENCH_BACKENDS=embedded,postgres npm run bench
 *   BENCH_DATABASE_URL=postgres://…               server to create the throw-away database on (default: local)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DashboardStats } from '../contract/campaigns';
import { type DatabaseHandle, queryRows } from '../server/db/client';
import { hashPassword } from '../server/modules/auth/password';
import { freePort } from '../server/test/net';
import { type Backend, benchBackends, benchDatabase } from './bench-database';
import { startServer, stopServer } from './server-process';
import { MAIN_EMAIL, type StatsScale, seedStats } from './stats-seed';

const backends = benchBackends();
const SCALE: StatsScale = { mails: 1_000_000, leads: 300_000, otherUsers: 1_000, otherLeads: 50 };
const PASSWORD = 'bench-password';
const WARM_UP = 20;
const SAMPLES = 200;
/** The most time one call's warm-up and its samples may take, so that slow calls keep the run short. */
const WARM_UP_BUDGET_MS = 5_000;
const CALL_BUDGET_MS = 20_000;
const GOAL_P99_MS = 50;

/** Every analytics call, as the pages make them; `goal`: p99 ≤ 50 ms at 1,000,000 mails. */
const CALLS: { url: string; goal: boolean }[] = [
  { url: '/api/dashboard/stats', goal: true },
  { url: '/api/dashboard/stats?range=7d', goal: true },
  { url: '/api/dashboard/stats?range=30d', goal: true },
  { url: '/api/dashboard/stats?range=90d', goal: true },
  { url: '/api/dashboard/stats?range=1y', goal: true },
  { url: '/api/templates/performance?range=30d', goal: false },
  { url: '/api/templates/performance?range=1y', goal: false },
  { url: '/api/analytics/daily?range=7d', goal: true },
  { url: '/api/analytics/daily?range=90d', goal: true },
  { url: '/api/analytics/daily?range=1y', goal: true },
  { url: '/api/analytics/best-times?range=1y', goal: false },
  { url: '/api/analytics/campaigns?range=90d', goal: false },
  { url: '/api/admin/users', goal: false },
];

type Row = { call: string; samples: number; p50: number; p99: number; mean: number; goal: string; meets: string };
/** Per backend: the table's title, what was seeded and checked, and the rows. */
const tables: { title: string; notes: string[]; rows: Row[] }[] = [];

async function main() {
  for (const backend of backends) await runBackend(backend);
  for (const { title, notes, rows } of tables) {
    console.log(`\n### ${title}\n\n${notes.join('\n')}\n`);
    console.log('| call | samples | p50 ms | p99 ms | mean ms | goal | meets |\n|---|---|---|---|---|---|---|');
    for (const row of rows) {
      const times = [row.p50, row.p99, row.mean].map((ms) => ms.toFixed(1)).join(' | ');
      console.log(`| ${row.call} | ${row.samples} | ${times} | ${row.goal} | ${row.meets} |`);
    }
  }
}

async function runBackend(backend: Backend) {
  const scale = SCALE;
  const title = `${backend}, ${scale.mails.toLocaleString('en-US')} mails of one user`;
  const log = (line: string) => console.log(`${backend.padEnd(8)} ${line}`);
  const table = { title, notes: [] as string[], rows: [] as Row[] };
  tables.push(table);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-bench-stats-'));
  const database = await benchDatabase(backend, `bench_stats_${process.pid}`, dataDir);
  try {
    // Seeded before the app starts (on the embedded server, which the bench starts and stops for it).
    const handle = await database.open();
    let expected: ExpectedFigures;
    try {
      const seeding = performance.now();
      const userId = await seedStats(handle, scale, await hashPassword(PASSWORD), (step) =>
        log(`seeded ${step}, ${((performance.now() - seeding) / 1000).toFixed(0)} s in`),
      );
      const seedSeconds = (performance.now() - seeding) / 1000;
      log(`seed time: ${seedSeconds.toFixed(1)} s`);
      const counts = `${scale.mails.toLocaleString('en-US')} mails of one user and ${scale.otherUsers.toLocaleString('en-US')} other users`;
      table.notes.push(`Seeded ${counts} with plain SQL in ${seedSeconds.toFixed(0)} s.`);
      expected = await recount(handle, userId);
    } finally {
      await handle.close();
    }

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startServer(base, {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...database.env,
    });
    try {
      const cookie = await signIn(base);
      table.notes.push(await checkFigures(base, cookie, expected, scale, log));
      for (const call of CALLS) {
        const samples = await latencies(base, cookie, call.url);
        const p99 = percentile(samples, 99);
        const goal = call.goal;
        const row: Row = {
          call: `GET ${call.url}`,
          samples: samples.length,
          p50: percentile(samples, 50),
          p99,
          mean: samples.reduce((sum, sample) => sum + sample, 0) / samples.length,
          goal: goal ? `p99 ≤ ${GOAL_P99_MS} ms` : '',
          meets: goal ? (p99 <= GOAL_P99_MS ? 'yes' : 'no') : '',
        };
        table.rows.push(row);
        log(`${row.call}: p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms (${row.samples} samples)`);
      }
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

type ExpectedFigures = Pick<
  DashboardStats,
  'totalEmailsSent' | 'emailsDelivered' | 'emailsOpened' | 'emailsClicked' | 'emailsResponded' | 'machineEventsLeftOut'
>;

/** The main user's all-time figures counted from the base tables (docs/product.md §3: human events of delivered mails). */
async function recount(handle: DatabaseHandle, userId: string): Promise<ExpectedFigures> {
  const humanEvent = (kinds: string) =>
    sql.raw(`EXISTS (SELECT 1 FROM tracking_events e WHERE e.recipient_id = r.id AND NOT e.machine
      AND e.kind IN (${kinds}))`);
  const [row] = await queryRows<ExpectedFigures>(
    handle.db,
    sql`SELECT
          count(*) FILTER (WHERE r.state IN ('sent', 'failed', 'unknown'))::int AS "totalEmailsSent",
          count(*) FILTER (WHERE r.state = 'sent')::int AS "emailsDelivered",
          count(*) FILTER (WHERE r.state = 'sent' AND ${humanEvent(`'open', 'click'`)})::int AS "emailsOpened",
          count(*) FILTER (WHERE r.state = 'sent' AND ${humanEvent(`'click'`)})::int AS "emailsClicked",
          count(r.replied_at)::int AS "emailsResponded",
          (SELECT count(*) FROM tracking_events e JOIN campaign_recipients m ON m.id = e.recipient_id
            WHERE e.user_id = ${userId} AND e.machine AND m.kind = 'campaign')::int AS "machineEventsLeftOut"
        FROM campaign_recipients r
        WHERE r.user_id = ${userId} AND r.kind = 'campaign'`,
  );
  return row;
}

/**
 * Whether the API's all-time figures equal the recount (timings of wrong figures mean little), as a note for the
 * table; the admin list must have every user.
 */
async function checkFigures(
  base: string,
  cookie: string,
  expected: ExpectedFigures,
  scale: StatsScale,
  log: (line: string) => void,
): Promise<string> {
  const users = (await getJson(base, cookie, '/api/admin/users')) as unknown[];
  if (users.length !== scale.otherUsers + 1) throw new Error(`GET /api/admin/users listed ${users.length} users`);
  const stats = (await getJson(base, cookie, '/api/dashboard/stats')) as DashboardStats;
  log(`all-time figures: ${JSON.stringify(stats)}`);
  const differing = (Object.keys(expected) as (keyof ExpectedFigures)[]).filter((key) => stats[key] !== expected[key]);
  const note =
    differing.length === 0
      ? 'The all-time figures equal a recount from the base tables.'
      : `The all-time figures DIFFER from a recount from the base tables: ${differing
          .map((key) => `${key} ${stats[key]} ≠ ${expected[key]}`)
          .join(', ')}.`;
  log(note);
  return note;
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: MAIN_EMAIL, password: PASSWORD }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

async function getJson(base: string, cookie: string, url: string): Promise<unknown> {
  const response = await fetch(`${base}${url}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** One timed request after another (each read to its end), after the warm-up; within CALL_BUDGET_MS each. */
async function latencies(base: string, cookie: string, url: string): Promise<number[]> {
  const timed = async () => {
    const started = performance.now();
    await getJson(base, cookie, url);
    return performance.now() - started;
  };
  const warmUpEnds = performance.now() + WARM_UP_BUDGET_MS;
  for (let i = 0; i < WARM_UP && performance.now() < warmUpEnds; i++) await timed();
  const samples: number[] = [];
  const ends = performance.now() + CALL_BUDGET_MS;
  while (samples.length < SAMPLES && (samples.length === 0 || performance.now() < ends)) samples.push(await timed());
  return samples;
}

function percentile(samples: number[], rank: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((rank / 100) * sorted.length) - 1)] ?? 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
