/**
 * Backup benchmark (decision 0063): the embedded database with 100,000 leads imported through the API
 * (BENCH_BACKUP_LEADS for another size), backed up with `npm run backup` while the app runs (and answers
 * GET /api/auth/user every 100 ms), restored with `npm run restore` into a new DATA_DIR and into an empty database
 * on the PostgreSQL server at BENCH_DATABASE_URL (default: this machine's; left out when it does not answer), and
 * the app started on the restored DATA_DIR. Each command runs as npm runs it, in its own process, so its time and
 * peak RSS are its own.
 *
 *   BENCH=backup npm run bench
 */
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runPackageScript } from '../server/test/package-script';
import { createBenchDatabase, loadNow, statusKb } from './bench-database';
import { leadsApi, percentileMs } from './leads-api';
import { watchTree } from './process-tree';
import { startServer, stopServer } from './server-process';

const leads = Number(process.env.BENCH_BACKUP_LEADS ?? 100_000);
const port = Number(process.env.BENCH_PORT ?? 5299);
const base = `http://127.0.0.1:${port}`;
const { get, signUp, importLeads, probeWhile } = leadsApi(base);
const rows: { metric: string; value: string }[] = [];

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'lr-bench-backup-'));
  // A root app runs the embedded server as the user `postgres`, which must pass through this folder to the
  // DATA_DIRs in it (enter, not list).
  chmodSync(work, 0o711);
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
    const tree = watchTree(server.pid ?? 0, dataDir);
    const backup = await timed('backup', [file], { DATA_DIR: dataDir });
    const during = await probe.stop();
    const memory = tree.stop();
    record('npm run backup, app running', `${backup.seconds.toFixed(1)} s`);
    record('  of which the dump (the rest: the command starting)', inCommand(backup.stdout, /\) in ([\d.]+) s\.$/m));
    record('  backup file', `${(statSync(file).size / 1_000_000).toFixed(1)} MB`);
    record('  backup process peak RSS', `${backup.peakMb} MB`);
    record('  app + embedded server meanwhile, peak PSS', `${memory.peakMb.toFixed(0)} MB`);
    record(
      '  GET /api/auth/user meanwhile p50 / p99 / max',
      `${percentileMs(during, 50)} / ${percentileMs(during, 99)} / ${percentileMs(during, 100)} ms`,
    );
    await stopServer(server);

    const restore = await timed('restore', [file], { DATA_DIR: restored });
    record('npm run restore into an empty DATA_DIR', `${restore.seconds.toFixed(1)} s`);
    record(
      '  of which the restore (a new cluster, the load)',
      inCommand(restore.stdout, /^Restored into .* in ([\d.]+) s/m),
    );
    record('  restore process peak RSS', `${restore.peakMb} MB`);
    await restoreOntoServer(file, path.join(work, 'secrets'));

    const started = performance.now();
    server = await startServer(base, { ...env, DATA_DIR: restored });
    record('app start on the restored DATA_DIR', `${((performance.now() - started) / 1000).toFixed(1)} s`);
    const { total } = (await (await get(cookie, '/api/leads/count')).json()) as { total: number };
    if (total !== leads) throw new Error(`the restored app counts ${total} leads, not ${leads}`);
  } finally {
    await stopServer(server);
    rmSync(work, { recursive: true, force: true });
  }
  record('machine load (1 min) at the end', loadNow());
  console.log('\n| metric | measured |\n|---|---|');
  for (const row of rows) console.log(`| ${row.metric} | ${row.value} |`);
}

/** `npm run restore` with DATABASE_URL: an empty database on BENCH_DATABASE_URL's server, of its own version. */
async function restoreOntoServer(file: string, dataDir: string) {
  let database: Awaited<ReturnType<typeof createBenchDatabase>>;
  try {
    database = await createBenchDatabase(`lr_bench_restore_${process.pid}`);
  } catch (error) {
    record('npm run restore with DATABASE_URL', `left out: ${(error as Error).message}`);
    return;
  }
  try {
    const version = await serverVersion(database.url);
    const restore = await timed('restore', [file], { DATABASE_URL: database.url, DATA_DIR: dataDir });
    record(`npm run restore into an empty database on PostgreSQL ${version}`, `${restore.seconds.toFixed(1)} s`);
    record('  of which the load', inCommand(restore.stdout, /^Restored into .* in ([\d.]+) s/m));
  } finally {
    await database.drop();
  }
}

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version.split(' ')[0];
  } finally {
    await client.end();
  }
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

/** The time a command says it took itself (its last line of success), without its process starting. */
function inCommand(stdout: string, said: RegExp): string {
  const seconds = said.exec(stdout)?.[1];
  return seconds ? `${seconds} s` : 'not said';
}

function record(metric: string, value: string) {
  rows.push({ metric, value });
  console.log(`${metric}: ${value}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
