/**
 * Leads benchmark: the app as `npm start` runs it imports 100,000 and then 1,000,000 leads
 * through the HTTP API in 5,000-row chunks, beside the baseline of a raw COPY of the same 1,000,000 rows into the
 * same table on the same server (same migrations, indexes and triggers, a fresh database: bench/raw-copy.ts) in the
 * same run; then it times list, deep page, search and count at 1,000,000 leads. Memory counts the whole tree, the
 * app and every process of its PostgreSQL server (bench/process-tree.ts).
 *
 *   BENCH=leads npm run bench                      the default install: the embedded server in a fresh DATA_DIR
 *   BENCH_BACKENDS=embedded,postgres               also on a server at BENCH_DATABASE_URL (default: local)
 *   BENCH_LEADS_ROWS=300000 BENCH_LEADS_READS=0    a smaller big import, no read timings (runs that compare
 *                                                  settings; the goals are set for 1,000,000)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { type Backend, benchBackends, benchDatabase, loadNow } from './bench-database';
import { leadRow, leadsApi, percentileMs } from './leads-api';
import { treeMemory, watchTree } from './process-tree';
import { openRawCopy } from './raw-copy';
import { startServer, stopServer } from './server-process';

const backends = benchBackends();
const port = Number(process.env.BENCH_PORT ?? 5299);
const base = `http://127.0.0.1:${port}`;
// Enough that p99 is the 10th-slowest request, not the 2nd.
const LATENCY_SAMPLES = 1_000;
const { get, signUp, importLeads, probeWhile } = leadsApi(base);

type Row = { backend: Backend; metric: string; value: string; target: string; result: string; load: string };
const BIG_IMPORT = Number(process.env.BENCH_LEADS_ROWS ?? 1_000_000);
const COPY_SLICE = 100_000;
const IMPORT_RATIO_TARGET = 0.8;
const IDLE_TARGET_MB = 250;
const IMPORT_PEAK_TARGET_MB = 450;
const AUTH_P99_TARGET_MS = 100;
const READS = process.env.BENCH_LEADS_READS !== '0';
const results: Row[] = [];

async function main() {
  for (const backend of backends) await runBackend(backend);
  printTable();
  if (results.some((row) => row.result === 'FAIL')) process.exitCode = 1;
}

async function runBackend(backend: Backend) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-bench-leads-'));
  const database = await benchDatabase(backend, `lr_bench_leads_${process.pid}`, dataDir);
  const server = await startServer(base, { PORT: String(port), LOG_LEVEL: 'warn', ...database.env });
  const pid = server.pid as number;
  const treeOf = () => treeMemory(pid, database.treeDataDir);
  try {
    // The start's own garbage settles first.
    await delay(3_000);
    const idle = treeOf();
    record(backend, `memory idle, fresh start (${idle.processes} processes, Pss)`, `${idle.mb.toFixed(0)} MB`, {
      target: IDLE_TARGET_MB,
      measured: idle.mb,
      unit: 'MB',
    });

    const small = await signUp(`small-${backend}@bench.test`);
    const smallImport = await importLeads(small, 100_000);
    record(backend, 'import 100,000 leads', `${smallImport.seconds.toFixed(1)} s, ${rate(smallImport)} rows/s`);

    // The big import goes in slices of 100,000, each through the API and then by raw COPY into the baseline's
    // table on the same server, so both meet the same load on a shared machine; each side's times are summed. The
    // memory and the probe count only while the app imports.
    const big = await signUp(`big-${backend}@bench.test`);
    const baseline = await openRawCopy(await database.url());
    const tree = watchTree(pid, database.treeDataDir);
    const probe = probeWhile(big); // another request type, timed while the import runs
    let apiSeconds = 0;
    let copySeconds = 0;
    try {
      for (let start = 0; start < BIG_IMPORT; start += COPY_SLICE) {
        apiSeconds += (await importLeads(big, COPY_SLICE, start)).seconds;
        tree.pause();
        probe.pause();
        copySeconds += await baseline.copy(Array.from({ length: COPY_SLICE }, (_, i) => leadRow(start + i)));
        tree.resume();
        probe.resume();
      }
    } finally {
      await baseline.close();
    }
    const during = await probe.stop();
    const memory = tree.stop();
    const rows = BIG_IMPORT.toLocaleString('en-US');
    const bigImport = { rows: BIG_IMPORT, seconds: apiSeconds };
    record(backend, `import ${rows} leads`, `${bigImport.seconds.toFixed(1)} s, ${rate(bigImport)} rows/s`);
    const copy = { rows: BIG_IMPORT, seconds: copySeconds };
    record(backend, 'raw COPY of the same rows (baseline)', `${copy.seconds.toFixed(1)} s, ${rate(copy)} rows/s`);
    const ratio = copySeconds / apiSeconds;
    record(backend, 'import rows/s ÷ raw COPY rows/s', ratio.toFixed(2), {
      target: IMPORT_RATIO_TARGET,
      measured: ratio,
      atLeast: true,
    });
    const authP99 = Number(percentileMs(during, 99));
    record(
      backend,
      'GET /api/auth/user during import p50 / p99',
      `${percentileMs(during, 50)} / ${authP99.toFixed(1)} ms`,
      { target: AUTH_P99_TARGET_MS, measured: authP99, unit: 'ms', prefix: 'p99 ' },
    );
    record(
      backend,
      `memory, most during the import (${memory.mostProcesses} processes at most, Pss)`,
      `${memory.peakMb.toFixed(0)} MB`,
      { target: IMPORT_PEAK_TARGET_MB, measured: memory.peakMb, unit: 'MB' },
    );

    if (!READS) return;
    // The reads are timed in the steady state: after the autovacuum of 2,000,000 new rows (the import's and the
    // baseline's), which takes one of the two cores for a while and would time that instead.
    const settled = await autovacuumSettled(await database.url());
    record(backend, 'autovacuum after the import, until done (reads timed after it)', `${settled.toFixed(0)} s`);
    const count = await (await get(big, '/api/leads/count')).json();
    if (count.total !== BIG_IMPORT) throw new Error(`expected ${rows} leads, counted ${count.total}`);
    const last = BIG_IMPORT - 50;
    for (const [label, url, target] of [
      ['GET /api/leads first page', '/api/leads?limit=100&offset=0', 20],
      [
        `GET /api/leads offset ${(BIG_IMPORT / 2).toLocaleString('en-US')}`,
        `/api/leads?limit=100&offset=${BIG_IMPORT / 2}`,
        20,
      ],
      [`GET /api/leads offset ${last.toLocaleString('en-US')}`, `/api/leads?limit=100&offset=${last}`, 20],
      ['GET /api/leads/count', '/api/leads/count', 20],
      // A custom field's value found in a quarter of the leads, a company in 200, one address, and nothing.
      ['search a city (austin)', '/api/leads?limit=100&offset=0&search=austin', 50],
      ['search a company (company 4321)', '/api/leads?limit=100&offset=0&search=company%204321', 50],
      ['search an address (lead765432@)', '/api/leads?limit=100&offset=0&search=lead765432%40', 50],
      ['search with no match', '/api/leads?limit=100&offset=0&search=nowhere-to-be-found', 50],
      ['search a city, unsubscribed only', '/api/leads?limit=100&offset=0&search=austin&status=unsubscribed', 50],
    ] as const) {
      const samples = await latencies(big, url, LATENCY_SAMPLES);
      const p99 = Number(percentileMs(samples, 99));
      record(backend, `${label} p50 / p99`, `${percentileMs(samples, 50)} / ${p99.toFixed(1)} ms`, {
        target,
        measured: p99,
        unit: 'ms',
        prefix: 'p99 ',
      });
    }
    // Information: the server's shared buffers are full of the table by now, and stay so (decision 0065).
    const after = treeOf();
    record(backend, `memory at rest after the reads at ${rows} leads (Pss)`, `${after.mb.toFixed(0)} MB`);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

/** Seconds until no autovacuum worker has run for 10 s in a row (at most 10 minutes). */
async function autovacuumSettled(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    let quietSince = performance.now();
    while (performance.now() - quietSince < 10_000 && performance.now() - started < 600_000) {
      const { rows } = await client.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'",
      );
      if (rows[0].count > 0) quietSince = performance.now();
      await delay(500);
    }
    return (performance.now() - started) / 1000 - 10;
  } finally {
    await client.end();
  }
}

async function latencies(cookie: string, url: string, count: number) {
  // The bench's own garbage (a million generated rows) is collected now, not in the middle of the timings.
  (globalThis as { gc?: () => void }).gc?.();
  for (let i = 0; i < 5; i++) await (await get(cookie, url)).arrayBuffer(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await (await get(cookie, url)).arrayBuffer();
    samples.push(performance.now() - started);
  }
  return samples;
}

const rate = (run: { rows: number; seconds: number }) => Math.round(run.rows / run.seconds).toLocaleString('en-US');

/** A goal: at most `target` (or at least, with `atLeast`), as the table prints it. */
type Goal = { target: number; measured: number; unit?: string; prefix?: string; atLeast?: boolean };

function record(backend: Backend, metric: string, value: string, goal?: Goal) {
  const met = goal && (goal.atLeast ? goal.measured >= goal.target : goal.measured <= goal.target);
  const target = goal
    ? `${goal.prefix ?? ''}${goal.atLeast ? '≥' : '≤'} ${goal.target}${goal.unit ? ` ${goal.unit}` : ''}`
    : '';
  const row = { backend, metric, value, target, result: goal ? (met ? 'pass' : 'FAIL') : '', load: loadNow() };
  results.push(row);
  console.log(`${backend.padEnd(8)} ${metric}: ${value} (load ${row.load})`);
}

function printTable() {
  console.log('\n| backend | metric | measured | target | result | load |\n|---|---|---|---|---|---|');
  for (const row of results) {
    console.log(`| ${row.backend} | ${row.metric} | ${row.value} | ${row.target} | ${row.result} | ${row.load} |`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
