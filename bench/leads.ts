/**
 * Leads benchmark (issue 3): imports 100,000 and 1,000,000 leads through the HTTP API in 5,000-row chunks, then
 * measures list and count latency at 1,000,000 leads, on PostgreSQL and on embedded PGlite. The server runs as
 * its own process (server/main.ts, as `npm start` runs it) so its peak RSS is its own.
 *
 *   BENCH=leads npm run bench          both backends
 *   BENCH=leads BENCH_BACKENDS=postgres npm run bench
 *   BENCH_DATABASE_URL=postgres://…    server to create throw-away databases on (default: local postgres)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSV_CHUNK_ROWS } from '../contract/leads';
import { createBenchDatabase, statusKb } from './bench-database';
import { startServer, stopServer } from './server-process';

type Backend = 'postgres' | 'pglite';
const backends = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',') as Backend[];
const port = Number(process.env.BENCH_PORT ?? 5299);
const base = `http://127.0.0.1:${port}`;
const LATENCY_SAMPLES = 200;

type Row = { backend: Backend; metric: string; value: string; target: string };
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

    const big = await signUp(`big-${backend}@bench.test`);
    const probe = probeWhile(big); // another request type, timed while the import runs
    const bigImport = await importLeads(big, 1_000_000);
    const during = await probe.stop();
    record(
      backend,
      'import 1,000,000 leads',
      `${bigImport.seconds.toFixed(1)} s, ${rate(bigImport)} rows/s`,
      backend === 'postgres' ? '≤ 60 s' : '',
    );
    record(backend, 'GET /api/auth/user during import p50 / p99', `${ms(during, 50)} / ${ms(during, 99)} ms`, '');

    const count = await (await get(big, '/api/leads/count')).json();
    if (count.total !== 1_000_000) throw new Error(`expected 1,000,000 leads, counted ${count.total}`);
    // Deep offsets cost a scan of every skipped row, so that one gets fewer samples.
    for (const [label, url, sampleCount, target] of [
      ['GET /api/leads first page', '/api/leads?limit=100&offset=0', LATENCY_SAMPLES, 'p99 ≤ 20 ms'],
      ['GET /api/leads offset 500,000', '/api/leads?limit=100&offset=500000', 30, ''],
      ['GET /api/leads/count', '/api/leads/count', LATENCY_SAMPLES, 'p99 ≤ 20 ms'],
    ] as const) {
      const samples = await latencies(big, url, sampleCount);
      record(
        backend,
        `${label} p50 / p99`,
        `${ms(samples, 50)} / ${ms(samples, 99)} ms`,
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

function leadRow(i: number) {
  return {
    Email: `lead${i}@bench-${i % 97}.test`,
    'First Name': `First${i}`,
    'Last Name': `Last${i}`,
    Company: `Company ${i % 5000}`,
    City: ['Austin', 'Denver', 'Tucson', 'Boise'][i % 4],
  };
}

async function importLeads(cookie: string, total: number) {
  const started = performance.now();
  for (let offset = 0; offset < total; offset += CSV_CHUNK_ROWS) {
    const csvData = Array.from({ length: Math.min(CSV_CHUNK_ROWS, total - offset) }, (_, i) => leadRow(offset + i));
    const response = await fetch(`${base}/api/leads/upload-csv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ csvData, firstRowNumber: offset + 2 }),
    });
    if (!response.ok) throw new Error(`chunk at ${offset}: ${response.status} ${await response.text()}`);
  }
  return { rows: total, seconds: (performance.now() - started) / 1000 };
}

function probeWhile(cookie: string) {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await get(cookie, '/api/auth/user');
      samples.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}

async function latencies(cookie: string, url: string, count: number) {
  for (let i = 0; i < 5; i++) await (await get(cookie, url)).arrayBuffer(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await (await get(cookie, url)).arrayBuffer();
    samples.push(performance.now() - started);
  }
  return samples;
}

async function signUp(email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'bench-password',
      companyName: 'Bench',
      industry: 'Testing',
      service: 'Speed',
      preferredLocalClients: 'Everyone',
    }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`sign-up failed: ${await response.text()}`);
  return cookie;
}

function get(cookie: string, url: string) {
  return fetch(`${base}${url}`, { headers: { cookie } });
}

/** VmHWM: the most resident memory the server process has had. */
function peakRssMb(child: ChildProcess): string {
  const kb = statusKb(child.pid ?? 0, 'VmHWM');
  return (kb / 1024).toFixed(0);
}

const rate = (run: { rows: number; seconds: number }) => Math.round(run.rows / run.seconds).toLocaleString('en-US');
function ms(samples: number[], percentile: number): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.ceil((percentile / 100) * sorted.length) - 1)] ?? 0).toFixed(1);
}

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
