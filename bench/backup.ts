/**
 * Backup benchmark (issue 16, decision 0039): the embedded database with 100,000 leads imported through the API
 * (BENCH_BACKUP_LEADS for another size), backed up with `npm run backup` while the app runs (and answers
 * GET /api/auth/user every 100 ms), restored with `npm run restore` into a new DATA_DIR, and the app started on it.
 * Each command runs as npm runs it, in its own process, so its time and peak RSS are its own.
 *
 *   BENCH=backup npm run bench
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runPackageScript } from '../server/test/package-script';
import { statusKb } from './bench-database';
import { leadsApi, percentileMs } from './leads-api';
import { startServer, stopServer } from './server-process';

const leads = Number(process.env.BENCH_BACKUP_LEADS ?? 100_000);
const port = Number(process.env.BENCH_PORT ?? 5299);
const base = `http://127.0.0.1:${port}`;
const { get, signUp, importLeads, probeWhile } = leadsApi(base);
const rows: { metric: string; value: string }[] = [];

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'lr-bench-backup-'));
  const dataDir = path.join(work, 'data');
  const restored = path.join(work, 'restored');
  const file = path.join(work, 'backup.sql');
  const env = { PORT: String(port), LOG_LEVEL: 'warn' };
  let server = await startServer(base, { ...env, DATA_DIR: dataDir });
  try {
    const cookie = await signUp('backup@bench.test');
    const imported = await importLeads(cookie, leads);
    record(`import ${leads.toLocaleString('en')} leads (setup)`, `${imported.seconds.toFixed(1)} s`);

    const probe = probeWhile(cookie);
    const backup = await timed('backup', [file], { DATA_DIR: dataDir });
    const during = await probe.stop();
    const pause = /copied its database in (\d+) ms/.exec(backup.stdout)?.[1];
    record('npm run backup, app running: total', `${backup.seconds.toFixed(1)} s`);
    record('  of which the app copied its files (its database paused)', `${pause} ms`);
    record('  backup file', `${(statSync(file).size / 1_000_000).toFixed(1)} MB`);
    record('  backup process peak RSS', `${backup.peakMb} MB`);
    record(
      '  GET /api/auth/user meanwhile p50 / p99 / max',
      `${percentileMs(during, 50)} / ${percentileMs(during, 99)} / ${percentileMs(during, 100)} ms`,
    );
    record('app peak RSS (whole run)', `${peakMb(server)} MB`);
    await stopServer(server);

    const restore = await timed('restore', [file], { DATA_DIR: restored });
    record('npm run restore into an empty DATA_DIR', `${restore.seconds.toFixed(1)} s`);
    record('  restore process peak RSS', `${restore.peakMb} MB`);

    const started = performance.now();
    server = await startServer(base, { ...env, DATA_DIR: restored });
    record('app start on the restored DATA_DIR', `${((performance.now() - started) / 1000).toFixed(1)} s`);
    const { total } = (await (await get(cookie, '/api/leads/count')).json()) as { total: number };
    if (total !== leads) throw new Error(`the restored app counts ${total} leads, not ${leads}`);
  } finally {
    await stopServer(server);
    rmSync(work, { recursive: true, force: true });
  }
  console.log('\n| metric | measured |\n|---|---|');
  for (const row of rows) console.log(`| ${row.metric} | ${row.value} |`);
}

/** Runs `npm run <script>`, watching its peak RSS (VmHWM) until it exits. */
async function timed(script: string, args: string[], env: Record<string, string>) {
  const started = performance.now();
  let peakKb = 0;
  let watch: NodeJS.Timeout | undefined;
  const run = await runPackageScript(script, args, env, (child) => {
    watch = setInterval(() => {
      peakKb = Math.max(peakKb, readPeakKb(child));
    }, 50);
  });
  clearInterval(watch);
  if (run.code !== 0) throw new Error(`npm run ${script} failed (${run.code}): ${run.stderr}`);
  return { ...run, seconds: (performance.now() - started) / 1000, peakMb: (peakKb / 1024).toFixed(0) };
}

function readPeakKb(child: ChildProcess): number {
  try {
    return statusKb(child.pid ?? 0, 'VmHWM');
  } catch {
    return 0;
  }
}

const peakMb = (child: ChildProcess) => (readPeakKb(child) / 1024).toFixed(0);

function record(metric: string, value: string) {
  rows.push({ metric, value });
  console.log(`${metric}: ${value}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
