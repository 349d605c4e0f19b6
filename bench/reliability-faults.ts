/**
 * `BENCH=reliability RELIABILITY=faults`: the fault proofs, on real processes.
 *   1. Crash safety of sending: a 1,000-lead campaign, SIGKILLed at 20 random points and restarted at once on the
 *      same data each time: the single `all` process on the embedded server (the default install), the worker role
 *      (beside one web process) on PostgreSQL at a URL. Per backend: kills, mails at the SMTP peer, duplicates, sent / failed / unknown, the most mails in
 *      flight at one kill, and whether every unknown row was in flight at a kill (server/test/campaign-delivery-audit.ts).
 *   2. Two web and two worker processes on one PostgreSQL: duplicates.
 *   3. PostgreSQL restarted mid-campaign (`pg_ctl restart` of a private cluster made for the run, on
 *      FAULTS_POSTGRES_PORT, default 5341): whether the campaign completes by itself.
 *   4. The embedded database under SIGKILL: a 100,000-row lead import through `npm start`'s process on the embedded server,
 *      killed FAULTS_IMPORT_KILLS times (default 5) at random moments and started again on the same DATA_DIR: chunks
 *      that answered 200 but are not whole, and chunks half there, after each kill (server/test/import-chunks.ts).
 *   5. The mail-fault table: server/modules/campaigns/engine/mail-faults.test.ts run by Vitest, each test's
 *      "fault → what the app did" and whether it held.
 *
 *   FAULTS_LEADS=1000 FAULTS_KILLS=20      the campaign's size and the kills per backend
 *   FAULTS_PARTS=kills,processes,restart,import,mail   some parts only
 *   BENCH_DATABASE_URL=postgres://…        the PostgreSQL server for 1 and 2 (default: local)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSV_CHUNK_ROWS } from '../contract/leads';
import { SEND_CONCURRENCY } from '../server/modules/campaigns/engine/run';
import { expectDeliveredOnce, readRecipients } from '../server/test/campaign-delivery-audit';
import { startCampaignOver, testSecretsEnv } from '../server/test/campaign-owner';
import { importThroughKills } from '../server/test/import-chunks';
import { freePort } from '../server/test/net';
import { createProcessDatabase } from '../server/test/process-database';
import { signalAndWait } from '../server/test/process-exit';
import { createSendingHarness, type SenderProcess, type SendingHarness } from '../server/test/sending-harness';
import { healthy, startServer, stopAllServers, waitFor } from '../server/test/server-process';

const LEADS = Number(process.env.FAULTS_LEADS ?? 1000);
const KILLS = Number(process.env.FAULTS_KILLS ?? 20);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PRIVATE_POSTGRES_PORT = Number(process.env.FAULTS_POSTGRES_PORT ?? 5341);
const PG_BIN = '/usr/lib/postgresql/15/bin';
const CAMPAIGN_TIMEOUT_MS = 10 * 60_000;
const IMPORT_ROWS = 100_000;

type Tally = {
  setup: string;
  kills: number;
  mails: number;
  duplicates: number;
  sent: number;
  failed: number;
  unknown: number;
  maxInFlight: number;
  strandedTotal: number;
  verdict: string;
};
const tallies: Tally[] = [];

/** The harness's processes use PostgreSQL at `url`, or the embedded server in their DATA_DIR when it is null. */
function databaseForProcesses(url: string | null) {
  if (url) process.env.TEST_DATABASE_URL = url;
  else delete process.env.TEST_DATABASE_URL;
}

/** Waits for the campaign to complete, audits it against the peer, and adds its line to the table. */
async function settle(
  t: SendingHarness,
  setup: string,
  run: { owner: Awaited<ReturnType<SendingHarness['createOwner']>>; campaignId: number; watch: SenderProcess },
  kills: { count: number; stranded: number[] | 'any'; maxInFlight: number },
  stop: SenderProcess[],
): Promise<Tally> {
  let verdict = 'pass';
  await t
    .waitFor(run.watch, t.completed(run.owner, run.campaignId), 'the campaign to complete', CAMPAIGN_TIMEOUT_MS)
    .catch((error: Error) => {
      verdict = `FAIL: ${error.message.split('\n')[0]}`;
    });
  // A process that ended by itself (not killed by the bench) failed the run, whatever the rows say.
  const ended = stop.filter((server) => server.child.exitCode !== null || server.child.signalCode !== null);
  if (ended.length > 0) verdict = `FAIL: ${ended.map((server) => server.name).join(', ')} ended by itself`;
  for (const server of stop) await signalAndWait(server.child, 'SIGTERM').catch(() => {});
  const rows = await t.database.use((handle) => readRecipients(handle.db, run.campaignId));
  const recipients = t.peer.messages.flatMap((message) => message.to);
  const count = (state: string) => rows.filter((row) => row.state === state).length;
  // 'any': no kill tells which rows were in flight (a database restart); a run's claims bound them.
  const unknownIds = rows.filter((row) => row.state === 'unknown').map((row) => row.id);
  const stranded = kills.stranded === 'any' ? unknownIds : kills.stranded;
  if (verdict === 'pass') {
    try {
      expectDeliveredOnce({
        campaignId: run.campaignId,
        rows,
        received: t.peer.messages,
        leads: LEADS,
        stranded,
        unknownBound: kills.stranded === 'any' ? SEND_CONCURRENCY : stranded.length,
      });
    } catch (error) {
      verdict = `FAIL: ${(error as Error).message.split('\n')[0]}`;
    }
  }
  const tally: Tally = {
    setup,
    kills: kills.count,
    mails: t.peer.messages.length,
    duplicates: recipients.length - new Set(recipients).size,
    sent: count('sent'),
    failed: count('failed'),
    unknown: count('unknown'),
    maxInFlight: kills.maxInFlight,
    strandedTotal: stranded.length,
    verdict,
  };
  tallies.push(tally);
  console.log(JSON.stringify(tally));
  return tally;
}

/** Part 1: KILLS SIGKILLs at random points of one campaign, each followed by a restart on the same data. */
async function killedCampaign(backend: 'embedded' | 'postgres') {
  databaseForProcesses(backend === 'postgres' ? POSTGRES_URL : null);
  const t = await createSendingHarness();
  try {
    const owner = await t.createOwner(LEADS);
    const role = backend === 'postgres' ? 'worker' : 'all';
    const web = backend === 'postgres' ? t.start('web', 'web') : null;
    let sender = t.start('sender-0', role);
    await waitFor(healthy(t.port), 'the app to listen', 60_000);
    const campaignId = await startCampaignOver(t.port, owner);
    const stranded: number[] = [];
    let maxInFlight = 0;
    for (let kill = 0; kill < KILLS; kill += 1) {
      // A random point in the kill's share of the campaign, so that the kills spread over all of it.
      const target = Math.floor((LEADS * (kill + Math.random())) / (KILLS + 1));
      await t.waitFor(sender, () => t.peer.messages.length >= target, `${target} mails`, 120_000);
      // Rows an earlier kill left `sending` stay so until they look abandoned: count each row once.
      const inFlight = (await t.kill(sender, campaignId)).filter((id) => !stranded.includes(id));
      stranded.push(...inFlight);
      maxInFlight = Math.max(maxInFlight, inFlight.length);
      sender = t.start(`sender-${kill + 1}`, role);
      if (backend === 'embedded') await waitFor(healthy(t.port), 'the app to listen again', 60_000);
    }
    await settle(
      t,
      backend === 'postgres' ? 'PostgreSQL, worker role (web beside it)' : 'embedded server, the single `all` process',
      { owner, campaignId, watch: sender },
      { count: KILLS, stranded, maxInFlight },
      [sender, ...(web ? [web] : [])],
    );
  } finally {
    await t.dispose();
  }
}

/** Part 2: two web and two worker processes on one PostgreSQL send one campaign. */
async function fourProcesses() {
  databaseForProcesses(POSTGRES_URL);
  const t = await createSendingHarness();
  try {
    const owner = await t.createOwner(LEADS);
    const secondPort = await freePort();
    const processes = [
      t.start('web-1', 'web'),
      t.start('web-2', 'web', { PORT: String(secondPort) }),
      t.start('worker-1', 'worker'),
      t.start('worker-2', 'worker'),
    ];
    await waitFor(healthy(t.port), 'web-1 to listen', 60_000);
    await waitFor(healthy(secondPort), 'web-2 to listen', 60_000);
    const campaignId = await startCampaignOver(t.port, owner);
    await settle(
      t,
      'PostgreSQL, 2 web + 2 worker processes',
      { owner, campaignId, watch: processes[2] },
      { count: 0, stranded: [], maxInFlight: 0 },
      processes,
    );
  } finally {
    await t.dispose();
  }
}

/** A PostgreSQL cluster of this run's own, in a temporary directory: never the machine's. */
function privateCluster() {
  const dir = mkdtempSync(path.join(tmpdir(), 'lr-faults-pg-'));
  const data = path.join(dir, 'data');
  // PostgreSQL refuses to run as root: there, the cluster belongs to the machine's `postgres` user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })));
  }
  const run = (program: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', `${PG_BIN}/${program}`, ...args], { stdio: 'ignore' })
      : execFileSync(`${PG_BIN}/${program}`, args, { stdio: 'ignore' });
  const pgCtl = (...args: string[]) => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', ...args]);
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust']);
  pgCtl('-o', `-p ${PRIVATE_POSTGRES_PORT} -k ${dir} -c listen_addresses=127.0.0.1`, 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${PRIVATE_POSTGRES_PORT}/postgres`,
    restart: () => pgCtl('-m', 'fast', 'restart'),
    stop() {
      pgCtl('-m', 'immediate', 'stop');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Part 3: the database server restarts while the campaign sends; nobody restarts the app. */
async function postgresRestart() {
  const cluster = privateCluster();
  try {
    databaseForProcesses(cluster.url);
    const t = await createSendingHarness();
    try {
      const owner = await t.createOwner(LEADS);
      const app = t.start('app', 'all');
      await waitFor(healthy(t.port), 'the app to listen', 60_000);
      const campaignId = await startCampaignOver(t.port, owner);
      await t.waitFor(app, () => t.peer.messages.length >= LEADS / 3, 'a third of the mails', 120_000);
      const restarted = performance.now();
      cluster.restart();
      console.log(`PostgreSQL restarted in ${((performance.now() - restarted) / 1000).toFixed(1)} s`);
      await settle(
        t,
        'PostgreSQL restarted mid-campaign (app left alone)',
        { owner, campaignId, watch: app },
        // A restart ends the sessions of the statements in flight: what they had claimed may end unknown.
        { count: 0, stranded: 'any', maxInFlight: 0 },
        [app],
      );
    } finally {
      await t.dispose();
    }
  } finally {
    cluster.stop();
  }
}

/** Part 4: SIGKILLs during a 100,000-row import on the embedded server. */
async function importUnderKills() {
  databaseForProcesses(null);
  const [database, port] = await Promise.all([createProcessDatabase(), freePort()]);
  const kills = Number(process.env.FAULTS_IMPORT_KILLS ?? 5);
  const start = async () => {
    const server = startServer({ ...database.env('app'), ...testSecretsEnv, PORT: String(port), HOST: '127.0.0.1' });
    await waitFor(healthy(port), 'the app to listen', 60_000);
    return server;
  };
  try {
    const started = performance.now();
    const result = await importThroughKills({ port, database, chunks: IMPORT_ROWS / CSV_CHUNK_ROWS, kills, start });
    const damaged = [...result.afterKills, result.final].filter((damage) => damage.lost.length + damage.half.length);
    const rows = [...result.stored.values()].reduce((sum, count) => sum + count, 0);
    console.log(
      `\n| import (embedded server) | SIGKILLs | chunks answered 200 but not whole | chunks half there | rows at the end | time | result |\n|---|---|---|---|---|---|---|`,
    );
    const lost = new Set([...result.afterKills, result.final].flatMap((damage) => damage.lost)).size;
    const half = new Set([...result.afterKills, result.final].flatMap((damage) => damage.half)).size;
    const verdict = damaged.length === 0 && rows === IMPORT_ROWS ? 'pass' : 'FAIL';
    console.log(
      `| ${IMPORT_ROWS.toLocaleString('en-US')} rows in ${CSV_CHUNK_ROWS.toLocaleString('en-US')}-row chunks | ${result.afterKills.length} | ${lost} | ${half} | ${rows.toLocaleString('en-US')} | ${((performance.now() - started) / 1000).toFixed(0)} s | ${verdict} |`,
    );
    if (verdict !== 'pass') process.exitCode = 1;
  } finally {
    await stopAllServers();
    await database.dispose();
  }
}

/** Part 5: the mail-fault tests, as a table of "fault → what the app did". */
function mailFaultTable() {
  const report = path.join(mkdtempSync(path.join(tmpdir(), 'lr-faults-')), 'report.json');
  databaseForProcesses(null);
  spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      'server/modules/campaigns/engine/mail-faults.test.ts',
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    { stdio: 'ignore' },
  );
  const results = JSON.parse(readFileSync(report, 'utf8')) as {
    testResults: { assertionResults: { title: string; status: string }[] }[];
  };
  console.log('\n| fault | what the app did | held |\n|---|---|---|');
  for (const test of results.testResults.flatMap((file) => file.assertionResults)) {
    const [fault, outcome] = test.title.split(' → ');
    console.log(`| ${fault} | ${outcome} | ${test.status === 'passed' ? 'yes' : 'NO'} |`);
  }
}

async function main() {
  const parts = (process.env.FAULTS_PARTS ?? 'kills,processes,restart,import,mail').split(',');
  if (parts.includes('kills')) for (const backend of ['embedded', 'postgres'] as const) await killedCampaign(backend);
  if (parts.includes('processes')) await fourProcesses();
  if (parts.includes('restart')) await postgresRestart();

  console.log(
    `\n${LEADS.toLocaleString('en-US')}-lead campaigns; a run has at most ${SEND_CONCURRENCY} mails claimed at once.\n`,
  );
  console.log(
    '| setup | SIGKILLs | mails at the peer | duplicates | sent / failed / unknown | most in flight at a kill (all kills) | result |\n|---|---|---|---|---|---|---|',
  );
  for (const tally of tallies) {
    console.log(
      `| ${tally.setup} | ${tally.kills} | ${tally.mails} | ${tally.duplicates} | ${tally.sent} / ${tally.failed} / ${tally.unknown} | ${tally.maxInFlight} (${tally.strandedTotal}) | ${tally.verdict} |`,
    );
  }
  if (parts.includes('import')) await importUnderKills();
  if (parts.includes('mail')) mailFaultTable();
  if (tallies.some((tally) => tally.verdict !== 'pass')) process.exitCode = 1;
}

await main();
