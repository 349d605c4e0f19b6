/**
 * Start-up: `npm start` as a new user runs it, timed from the command to the first 200 of /api/health.
 *   - first start: a copy of the checkout with no dist/ (so the web client and the server bundle are built, as
 *     after `npm ci`) and a fresh DATA_DIR (so the embedded PostgreSQL cluster is created and migrated);
 *   - restart: the same copy and DATA_DIR after a SIGTERM, built; RESTARTS times.
 * The copy shares the checkout's node_modules (a link) and leaves the checkout's own dist/ alone.
 *
 *   BENCH=startup npm run bench
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { clusterDirOf } from '../server/db/embedded-postgres';
import { freePort } from '../server/test/net';
import { loadNow } from './bench-database';
import { treePids } from './process-tree';

const root = path.resolve(import.meta.dirname, '..');
const FIRST_TARGET_S = 15;
const RESTART_TARGET_S = 3;
const RESTARTS = 3;
/** What a checkout holds that a fresh install does not, or that is not the app's. */
const LEFT_OUT = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report']);

type Row = { metric: string; measured: string; target: string; result: string; load: string };
const rows: Row[] = [];

function record(metric: string, seconds: number | null, target?: number, note = '') {
  const measured = seconds === null ? note : `${seconds.toFixed(1)} s${note && ` (${note})`}`;
  const result = target === undefined || seconds === null ? '' : seconds <= target ? 'pass' : 'FAIL';
  const row = { metric, measured, target: target === undefined ? '' : `≤ ${target} s`, result, load: loadNow() };
  rows.push(row);
  console.log(`${metric}: ${measured} (load ${row.load})`);
}

/** `npm start` in `cwd`, in a process group of its own (so a SIGTERM reaches npm and the app as Ctrl+C would). */
function npmStart(cwd: string, env: Record<string, string>): ChildProcess {
  // npm's own script when the bench runs under `npm run bench`, with this Node; else the npm on PATH.
  const npm = process.env.npm_execpath;
  const [command, args] = npm ? [process.execPath, [npm, 'start']] : ['npm', ['start']];
  return spawn(command, args, {
    cwd,
    detached: true,
    env: { ...process.env, ...env, npm_config_update_notifier: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * CPU seconds the tree has used (npm, its shell, the builds, the app, initdb, the PostgreSQL server): each living
 * process's own and its waited-for children's (utime, stime, cutime, cstime). On a busy machine the wall-clock time
 * stretches with the load; this much less, and on an idle 2-core machine the start takes at least half of it.
 */
function treeCpuSeconds(rootPid: number, dataDir: string): number {
  let ticks = 0;
  for (const pid of treePids(rootPid, dataDir)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields 14 to 17 of the line: utime, stime, cutime, cstime, in clock ticks of 10 ms.
      ticks += fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
    } catch {
      // Ended meanwhile.
    }
  }
  return ticks / 100;
}

/** Seconds until /api/health answers 200; `onPoll` sees each moment it is still waiting. */
async function untilHealthy(port: number, started: number, child: ChildProcess, onPoll: () => void = () => {}) {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return (performance.now() - started) / 1000;
    if (child.exitCode !== null) throw new Error(`npm start ended (exit code ${child.exitCode})`);
    if (performance.now() - started > 180_000) throw new Error('npm start did not answer within 3 minutes');
    onPoll();
    await delay(25);
  }
}

/** SIGTERM to the group (npm, the shell, the app), then until the app has stopped its PostgreSQL server too. */
async function stop(child: ChildProcess, dataDir: string) {
  const ended = new Promise((resolve) => child.once('exit', resolve));
  if (child.exitCode === null) process.kill(-(child.pid as number), 'SIGTERM');
  await ended;
  const pidFile = path.join(clusterDirOf(dataDir), 'postmaster.pid');
  for (let waited = 0; existsSync(pidFile) && waited < 60_000; waited += 100) await delay(100);
}

async function main() {
  const copy = mkdtempSync(path.join(tmpdir(), 'lr-bench-startup-app-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-bench-startup-data-'));
  try {
    cpSync(root, copy, {
      recursive: true,
      filter: (source) => !LEFT_OUT.has(path.relative(root, source).split(path.sep)[0]),
    });
    symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
    const port = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    let started = performance.now();
    let builtAt: number | null = null;
    const built = () =>
      existsSync(path.join(copy, 'dist/web/.precompressed')) && existsSync(path.join(copy, 'dist/server/main.mjs'));
    let child = npmStart(copy, env);
    const first = await untilHealthy(port, started, child, () => {
      if (builtAt === null && built()) builtAt = (performance.now() - started) / 1000;
    });
    const buildSeconds = builtAt ?? first;
    const firstCpu = treeCpuSeconds(child.pid as number, dataDir);
    record('first start: no dist/, fresh DATA_DIR, to the first 200 of /api/health', first, FIRST_TARGET_S);
    record('  CPU time the start used (every process of it)', firstCpu);
    record('  of which the builds (web client and server bundle)', buildSeconds);
    record('  of which the app after its builds (cluster created, server started, migrations)', first - buildSeconds);
    await stop(child, dataDir);

    const restarts: number[] = [];
    const restartCpu: number[] = [];
    for (let i = 0; i < RESTARTS; i++) {
      started = performance.now();
      child = npmStart(copy, env);
      restarts.push(await untilHealthy(port, started, child));
      restartCpu.push(treeCpuSeconds(child.pid as number, dataDir));
      await stop(child, dataDir);
    }
    const sorted = [...restarts].sort((a, b) => a - b);
    record(
      `restart: same DATA_DIR, built (median of ${RESTARTS})`,
      sorted[Math.floor(RESTARTS / 2)],
      RESTART_TARGET_S,
      restarts.map((seconds) => seconds.toFixed(1)).join(', '),
    );
    record('  CPU time a restart used (median)', [...restartCpu].sort((a, b) => a - b)[Math.floor(RESTARTS / 2)]);
  } finally {
    rmSync(copy, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('\n| metric | measured | target | result | load |\n|---|---|---|---|---|');
  for (const row of rows)
    console.log(`| ${row.metric} | ${row.measured} | ${row.target} | ${row.result} | ${row.load} |`);
  if (rows.some((row) => row.result === 'FAIL')) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
