/**
 * Leads benchmark (issues 3 and 15): imports 100,000 and 1,000,000 leads through the HTTP API in 5,000-row chunks,
 * beside the baseline of a raw COPY of the same 1,000,000 rows into the same table (same migrations, indexes and
 * triggers, a fresh database) in the same run; then measures list, deep page, search and count latency at
 * 1,000,000 leads, on PostgreSQL and on embedded PGlite. The server runs as its own process (server/main.ts, as
 * `npm start` runs it) so its peak RSS is its own.
 *
 *   BENCH=leads npm run bench          both backends
 *   BENCH=leads BENCH_BACKENDS=postgres npm run bench
 *   BENCH_DATABASE_URL=postgres://…    server to create throw-away databases on (default: local postgres)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBenchDatabase, statusKb } from './bench-database';
import { leadRow, leadsApi, percentileMs } from './leads-api';
import { openRawCopy } from './raw-copy';
import { startServer, stopServer } from './server-process';

type Backend = 'postgres' | 'pglite';
const backends = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',') as Backend[];
const port = Number(process.env.BENCH_PORT ?? 5299);
const base = `http://127.0.0.1:${port}`;
// Enough that p99 is the 10th-slowest request, not the 2nd.
const LATENCY_SAMPLES = 1_000;
const { get, signUp, importLeads, probeWhile } = leadsApi(base);

type Row = { backend: Backend; metric: string; value: string; target: string };
const BIG_IMPORT = 1_000_000;
const COPY_SLICE = 100_000;
const results: Row[] = [];

async function main() {
  for (const backend of backends) await runBackend(backend);
  printTable();
}

async function runBackend(backend: Backend) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-bench-'));
  const env: Record<string, string> = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const postgres = backend === 'postgres' ? await createBenchDatabase(`lr_bench_${Date.now()}`) : null;
  if (postgres) env.DATABASE_URL = postgres.url;
  const server = await startServer(base, env);
  try {
    const small = await signUp(`small-${backend}@bench.test`);
    const smallImport = await importLeads(small, 100_000);
    record(
      backend,
      'import 100,000 leads',
      `${smallImport.seconds.toFixed(1)} s, ${rate(smallImport)} rows/s`,
      backend === 'postgres' ? '≤ 5 s' : '',
    );

    // The million rows go in slices of 100,000, each through the API and then by raw COPY into the baseline's
    // table, so both meet the same load on a shared machine; each side's times are summed.
    const big = await signUp(`big-${backend}@bench.test`);
    const baseline = await openRawCopy(backend);
    const probe = probeWhile(big); // another request type, timed while the import runs
    let apiSeconds = 0;
    let copySeconds = 0;
    try {
      for (let start = 0; start < BIG_IMPORT; start += COPY_SLICE) {
        apiSeconds += (await importLeads(big, COPY_SLICE, start)).seconds;
        copySeconds += await baseline.copy(Array.from({ length: COPY_SLICE }, (_, i) => leadRow(start + i)));
      }
    } finally {
      await baseline.close();
    }
    const during = await probe.stop();
    const bigImport = { rows: BIG_IMPORT, seconds: apiSeconds };
    record(
      backend,
      'import 1,000,000 leads',
      `${bigImport.seconds.toFixed(1)} s, ${rate(bigImport)} rows/s`,
      backend === 'postgres' ? '≤ 60 s' : '',
    );
    const copy = { rows: BIG_IMPORT, seconds: copySeconds };
    record(backend, 'raw COPY of the same rows (baseline)', `${copy.seconds.toFixed(1)} s, ${rate(copy)} rows/s`, '');
    record(
      backend,
      'import rows/s ÷ raw COPY rows/s',
      (copySeconds / apiSeconds).toFixed(2),
      backend === 'postgres' ? '≥ 0.5' : '',
    );
    record(
      backend,
      'GET /api/auth/user during import p50 / p99',
      `${percentileMs(during, 50)} / ${percentileMs(during, 99)} ms`,
      '',
    );

    const count = await (await get(big, '/api/leads/count')).json();
    if (count.total !== BIG_IMPORT) throw new Error(`expected 1,000,000 leads, counted ${count.total}`);
    for (const [label, url, target] of [
      ['GET /api/leads first page', '/api/leads?limit=100&offset=0', 'p99 ≤ 20 ms'],
      ['GET /api/leads offset 500,000', '/api/leads?limit=100&offset=500000', 'p99 ≤ 20 ms'],
      ['GET /api/leads offset 999,950', '/api/leads?limit=100&offset=999950', 'p99 ≤ 20 ms'],
      ['GET /api/leads/count', '/api/leads/count', 'p99 ≤ 20 ms'],
      // A custom field's value found in a quarter of the leads, a company in 200, one address, and nothing.
      ['search a city (austin)', '/api/leads?limit=100&offset=0&search=austin', 'p99 ≤ 50 ms'],
      ['search a company (company 4321)', '/api/leads?limit=100&offset=0&search=company%204321', 'p99 ≤ 50 ms'],
      ['search an address (lead765432@)', '/api/leads?limit=100&offset=0&search=lead765432%40', 'p99 ≤ 50 ms'],
      ['search with no match', '/api/leads?limit=100&offset=0&search=nowhere-to-be-found', 'p99 ≤ 50 ms'],
      [
        'search a city, unsubscribed only',
        '/api/leads?limit=100&offset=0&search=austin&status=unsubscribed',
        'p99 ≤ 50 ms',
      ],
    ] as const) {
      const samples = await latencies(big, url, LATENCY_SAMPLES);
      record(
        backend,
        `${label} p50 / p99`,
        `${percentileMs(samples, 50)} / ${percentileMs(samples, 99)} ms`,
        backend === 'postgres' ? target : '',
      );
    }
    record(backend, 'server peak RSS', `${peakRssMb(server)} MB`, backend === 'postgres' ? '≤ 300 MB' : '');
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
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

/** VmHWM: the most resident memory the server process has had. */
function peakRssMb(child: ChildProcess): string {
  const kb = statusKb(child.pid ?? 0, 'VmHWM');
  return (kb / 1024).toFixed(0);
}

const rate = (run: { rows: number; seconds: number }) => Math.round(run.rows / run.seconds).toLocaleString('en-US');

function record(backend: Backend, metric: string, value: string, target: string) {
  results.push({ backend, metric, value, target });
  console.log(`${backend.padEnd(8)} ${metric}: ${value}`);
}

function printTable() {
  console.log('\n| backend | metric | measured | target |\n|---|---|---|---|');
  for (const row of results) console.log(`| ${row.backend} | ${row.metric} | ${row.value} | ${row.target} |`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
