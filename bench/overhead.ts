/**
 * Overhead of our own layers: GET /api/auth/user of the real server (as `npm start` runs it, default log
 * level) against a bare Fastify route that runs the same session-and-user SELECT through a plain `pg` pool
 * (bench/bare-auth-server.ts, its own process), both on the same PostgreSQL database (the embedded server the app
 * started in its DATA_DIR, or with BENCH_BACKENDS=embedded,postgres also one at BENCH_DATABASE_URL), with the same
 * cookie and the same autocannon settings. Paired rounds, alternating which goes first, so the machine's noise hits
 * both; the pair whose ratio is the median, with every pair's ratio.
 *
 *   BENCH=overhead npm run bench
 *   BENCH_BACKENDS=embedded,postgres  BENCH_OVERHEAD_ROUNDS=5  BENCH_OVERHEAD_SECONDS=5  BENCH_OVERHEAD_CONNECTIONS=10
 *   BENCH_OVERHEAD_WARM_UP_SECONDS=10
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { testSecretsEnv } from '../server/test/campaign-owner';
import { freePort } from '../server/test/net';
import { type Backend, benchBackends, benchDatabase, cpuMs } from './bench-database';
import { leadsApi } from './leads-api';
import { startServer, stopServer } from './server-process';

const backends = benchBackends();
const ROUNDS = Number(process.env.BENCH_OVERHEAD_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_OVERHEAD_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_OVERHEAD_CONNECTIONS ?? 10);
/** Load before anything counts: the real server's answers keep getting faster for several seconds (V8's tiers). */
const WARM_UP_SECONDS = Number(process.env.BENCH_OVERHEAD_WARM_UP_SECONDS ?? 10);
const RATIO_TARGET = 0.8;

/** A server under test: the URL of its GET /api/auth/user and its process. */
type Target = { url: string; pid: number };
type Round = { perSecond: number; p50: number; p99: number; errors: number; cpuUsPerRequest: number };

async function main() {
  const rows: string[] = [];
  for (const backend of backends) rows.push(...(await runBackend(backend)));
  console.log(
    `\nGET /api/auth/user, ${CONNECTIONS} connections, the median of ${ROUNDS} paired rounds of ${SECONDS} s per side\n`,
  );
  console.log(
    '| backend | server | req/s | p50 ms | p99 ms | server CPU µs/request | errors | ratio | target | result |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

async function runBackend(backend: Backend): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-bench-overhead-'));
  const database = await benchDatabase(backend, `bench_overhead_${process.pid}`, dataDir);
  let bare: ChildProcess | null = null;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startServer(
      base,
      {
        ...testSecretsEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        ...database.env,
      },
      // The request log is written as in production, to a file descriptor nobody reads.
      { quiet: true },
    );
    try {
      const cookie = await leadsApi(base).signUp('overhead@bench.test');
      const real = { url: `${base}/api/auth/user`, pid: server.pid as number };
      const barePort = await freePort();
      // The app's own database on the server it uses (the embedded one found through DATA_DIR).
      bare = await startBare(barePort, await database.url());
      const baseline = { url: `http://127.0.0.1:${barePort}/api/auth/user`, pid: bare.pid as number };
      await expectSameUser(real, baseline, cookie);
      // Warm both (JIT, pools, prepared statements) before anything counts.
      await measure(real, cookie, WARM_UP_SECONDS);
      await measure(baseline, cookie, WARM_UP_SECONDS);
      const ours: Round[] = [];
      const theirs: Round[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        if (i % 2 === 0) {
          ours.push(await measure(real, cookie, SECONDS));
          theirs.push(await measure(baseline, cookie, SECONDS));
        } else {
          theirs.push(await measure(baseline, cookie, SECONDS));
          ours.push(await measure(real, cookie, SECONDS));
        }
        console.log(
          `${backend} round ${i + 1}: LocalReach ${ours[i].perSecond.toFixed(0)} req/s (${ours[i].cpuUsPerRequest.toFixed(0)} µs CPU each), bare ${theirs[i].perSecond.toFixed(0)} req/s (${theirs[i].cpuUsPerRequest.toFixed(0)} µs)`,
        );
      }
      // The pair of rounds with the median ratio: the machine's speed drifts over a run, and each pair ran side by
      // side (decision 0048), where the medians of each side may come from different moments.
      const ratios = ours.map((round, i) => round.perSecond / theirs[i].perSecond);
      const middle = ratios.indexOf([...ratios].sort((x, y) => x - y)[Math.floor(ratios.length / 2)]);
      const errors = [...ours, ...theirs].reduce((sum, round) => sum + round.errors, 0);
      const [a, b, ratio] = [ours[middle], theirs[middle], ratios[middle]];
      console.log(
        `${backend}: requests/s ratio ${ratio.toFixed(2)} (rounds: ${ratios.map((one) => one.toFixed(2)).join(', ')}); CPU per request, bare / LocalReach: ${(b.cpuUsPerRequest / a.cpuUsPerRequest).toFixed(2)}`,
      );
      const result = ratio >= RATIO_TARGET && errors === 0 ? 'pass' : 'FAIL';
      return [
        row(backend, 'LocalReach', { ...a, errors }, ratio.toFixed(2), `≥ ${RATIO_TARGET}`, result),
        row(backend, 'bare Fastify + pg', b),
      ];
    } finally {
      await stopServer(server);
    }
  } finally {
    if (bare) await stopServer(bare);
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

function row(backend: Backend, server: string, round: Round, ratio = '', target = '', result = '') {
  return `| ${backend} | ${server} | ${round.perSecond.toFixed(0)} | ${round.p50} | ${round.p99} | ${round.cpuUsPerRequest.toFixed(0)} | ${round.errors} | ${ratio} | ${target} | ${result} |`;
}

/** One autocannon run: requests/s, latency percentiles (ms) and every answer that was not a 200. */
async function measure(target: Target, cookie: string, seconds: number): Promise<Round> {
  const { url, pid } = target;
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { cookie } });
  return {
    cpuUsPerRequest: ((cpuMs(pid) - cpuBefore) * 1000) / result.requests.total,
    perSecond: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

function startBare(port: number, databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-auth-server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), ...testSecretsEnv },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    child.once('message', () => resolve(child));
  });
}

/** Both servers must give the same answer for the cookie, or the comparison means nothing. */
async function expectSameUser(real: Target, baseline: Target, cookie: string) {
  const [ours, theirs] = await Promise.all(
    [real.url, baseline.url].map(async (url) => {
      const response = await fetch(url, { headers: { cookie } });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response.text();
    }),
  );
  if (ours !== theirs) throw new Error(`the servers answered differently:\n${ours}\n${theirs}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
