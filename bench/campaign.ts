/**
 * Campaign engine benchmark, on the default install (the app's embedded PostgreSQL server in a
 * DATA_DIR of its own) and, with BENCH_BACKENDS=embedded,postgres, on a server at a URL too:
 *   1. the real server process (ROLE=all, as `npm start` runs it) sends a 20,000-lead campaign, started through
 *      POST /api/campaigns/send-mass-email, from one mailbox whose pace and daily limit are lifted (written to the
 *      database), timed from the start request to GET /api/campaigns/{id} answering `completed`;
 *   2. beside it, in the same run, raw pooled nodemailer (the same connection count) sends 20,000 mails of the same
 *      size, rendered once from the same template, to the same peer, all handed over at once: the ratio. Both run
 *      ROUNDS times, each round the baseline then a campaign to new leads, and the median round's ratio counts, so
 *      that a moment when the 2-core machine is busy with something else does not decide the figure;
 *   3. memory, counting the whole tree (the app and every process of its PostgreSQL server, proportional set size:
 *      bench/process-tree.ts): idle, while the rounds send, and with a 100,000-recipient campaign started and
 *      sending for RSS_WINDOW_SECONDS;
 *   4. a simulated day of 100 mailboxes with random limits and paces (bench/campaign-day.ts): sends over any cap.
 * The SMTP peer (bench/smtp-sink.ts) runs in a child process of its own, so that neither the engine nor the
 * baseline shares an event loop with it. The leads (120,000) are made through the API by the crash tests' helper
 * (server/test/campaign-owner.ts: one CSV upload), on the database before the server starts.
 *
 *   BENCH=campaign npm run bench                 the embedded server
 *   BENCH=campaign BENCH_BACKENDS=embedded,postgres npm run bench
 *   BENCH_DATABASE_URL=postgres://…             server to create the throw-away database on (default: local)
 *   BENCH_CAMPAIGN_ROUNDS=1 BENCH_CAMPAIGN_DAY=0  one round, no simulated day (runs that compare settings)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { OutgoingMail } from '../server/adapters/mail/transport';
import type { DatabaseHandle } from '../server/db/client';
import { emailAccounts, leads, templates, users } from '../server/db/schema';
import { createLinkTokens } from '../server/lib/link-tokens';
import { composeCampaignMail } from '../server/modules/campaigns/engine/compose-mail';
import { createMessageIds } from '../server/modules/shared/message-id';
import { mailLinks } from '../server/modules/tracking/mail-links';
import { testConfig } from '../server/test/app';
import {
  type CampaignOwner,
  campaignStatusOver,
  createCampaignOwner,
  startCampaignOver,
  testSecretsEnv,
} from '../server/test/campaign-owner';
import { freePort } from '../server/test/net';
import { type Backend, benchBackends, benchDatabase, loadNow, statusKb } from './bench-database';
import { type DayResult, simulateDay } from './campaign-day';
import { treeMemory, watchTree } from './process-tree';
import { startServer, stopServer } from './server-process';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

const backends = benchBackends();
export const CAMPAIGN_MAILS = 20_000;
/** Paired rounds of baseline and campaign (an odd number: the median is one of them). */
const ROUNDS = Number(process.env.BENCH_CAMPAIGN_ROUNDS ?? 3);
/** BENCH_CAMPAIGN_DAY=0 leaves the simulated day out (runs that compare settings). */
const SIMULATED_DAY = process.env.BENCH_CAMPAIGN_DAY !== '0';
const QUEUED_MAILS = 100_000;
/** How long the server's memory is watched once the 100,000-recipient campaign has started. */
const RSS_WINDOW_SECONDS = 45;
/** "The limits lifted": far beyond what the API accepts, written to the database. */
export const LIFTED_PACE_PER_MINUTE = 10_000_000;
export const LIFTED_DAILY_LIMIT = 10_000_000;
/** SmtpTransport's pool size (server/adapters/mail/smtp-transport.ts): the baseline gets as many connections. */
const POOL_CONNECTIONS = 2;
const RATIO_TARGET = 1.0;
const IDLE_TARGET_MB = 250;
const QUEUED_TARGET_MB = 400;

/** A timed send of CAMPAIGN_MAILS mails. */
type Sent = { seconds: number; perSecond: number };
type Row = {
  metric: string;
  measured: string;
  baseline: string;
  ratio: string;
  target: string;
  result: string;
  load: string;
};
const tables = new Map<Backend, Row[]>();

async function main() {
  const sink = await startSmtpSink();
  try {
    for (const backend of backends) await runBackend(backend, sink);
  } finally {
    await sink.stop();
  }
  for (const [backend, rows] of tables) {
    console.log(`\n### ${backend}\n`);
    console.log(
      '| metric | measured | baseline (same run) | ratio | target | result | load |\n|---|---|---|---|---|---|---|',
    );
    for (const row of rows) {
      console.log(
        `| ${row.metric} | ${row.measured} | ${row.baseline} | ${row.ratio} | ${row.target} | ${row.result} | ${row.load} |`,
      );
    }
  }
  if ([...tables.values()].flat().some((row) => row.result === 'FAIL')) process.exitCode = 1;
}

async function runBackend(backend: Backend, sink: SmtpSink) {
  const rows: Row[] = [];
  tables.set(backend, rows);
  const record = (row: Partial<Row> & Pick<Row, 'metric' | 'measured'>) => {
    const full = { baseline: '', ratio: '', target: '', result: '', load: loadNow(), ...row };
    rows.push(full);
    console.log(
      `${backend.padEnd(8)} ${full.metric}: ${full.measured} ${full.baseline && `(baseline ${full.baseline})`}`,
    );
  };

  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-bench-campaign-'));
  const database = await benchDatabase(backend, `bench_campaign_${process.pid}`, dataDir);
  try {
    // Seeded before the app starts (on the embedded server, which the bench starts and stops for it).
    let handle = await database.open();
    const seeding = performance.now();
    const owner = await createCampaignOwner(handle, sink, {
      leads: ROUNDS * CAMPAIGN_MAILS + QUEUED_MAILS,
      sendsPerMinute: LIFTED_PACE_PER_MINUTE,
    });
    await handle.db
      .update(emailAccounts)
      .set({ dailyLimit: LIFTED_DAILY_LIMIT })
      .where(eq(emailAccounts.id, owner.accountId));
    const seedSeconds = (performance.now() - seeding) / 1000;
    console.log(
      `${backend.padEnd(8)} seeded ${owner.leadIds.length} leads through the API in ${seedSeconds.toFixed(1)} s`,
    );
    const sample = await sampleMail(handle, owner);
    await handle.close();

    const port = await freePort();
    const server = await startServer(`http://127.0.0.1:${port}`, {
      ...testSecretsEnv,
      ROLE: 'all',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The SMTP sink listens on 127.0.0.1.
      MAIL_ALLOW_PRIVATE_HOSTS: '1',
      ...database.env,
    });
    const pid = server.pid as number;
    try {
      // The start's own garbage settles first.
      await delay(3_000);
      const idle = treeMemory(pid, database.treeDataDir);
      const engineTree = watchTree(pid, database.treeDataDir);
      const rounds: { raw: Sent; engine: Sent & { startSeconds: number } }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const raw = await sendRaw(sink, sample, CAMPAIGN_MAILS);
        const roundLeads = owner.leadIds.slice(round * CAMPAIGN_MAILS, (round + 1) * CAMPAIGN_MAILS);
        const engine = await sendCampaign(sink, port, { ...owner, leadIds: roundLeads });
        rounds.push({ raw, engine });
        console.log(
          `${backend.padEnd(8)} round ${round + 1}: ${engine.perSecond.toFixed(0)} against ${raw.perSecond.toFixed(0)} mails/s (${(engine.perSecond / raw.perSecond).toFixed(2)})`,
        );
      }
      const engineMb = engineTree.stop().peakMb;
      const ratioOf = ({ raw, engine }: (typeof rounds)[number]) => engine.perSecond / raw.perSecond;
      const median = [...rounds].sort((a, b) => ratioOf(a) - ratioOf(b))[Math.floor(ROUNDS / 2)];
      const ratio = ratioOf(median);
      const { raw, engine } = median;
      record({
        metric: `campaign of ${CAMPAIGN_MAILS.toLocaleString('en-US')} mails, start → completed (median of ${ROUNDS} rounds: ${rounds.map((round) => ratioOf(round).toFixed(2)).join(', ')})`,
        measured: `${engine.perSecond.toFixed(0)} mails/s (${engine.seconds.toFixed(1)} s)`,
        baseline: `raw nodemailer: ${raw.perSecond.toFixed(0)} mails/s (${raw.seconds.toFixed(1)} s)`,
        ratio: ratio.toFixed(2),
        target: `≥ ${RATIO_TARGET}`,
        result: ratio >= RATIO_TARGET ? 'pass' : 'FAIL',
      });

      record({
        metric: `start request, ${CAMPAIGN_MAILS.toLocaleString('en-US')} recipients (the first campaign)`,
        measured: `${rounds[0].engine.startSeconds.toFixed(1)} s`,
      });

      const queuedTree = watchTree(pid, database.treeDataDir);
      const queued = await sendQueued(sink, port, { ...owner, leadIds: owner.leadIds.slice(ROUNDS * CAMPAIGN_MAILS) });
      const queuedMemory = queuedTree.stop();
      const appPeakMb = statusKb(pid, 'VmHWM') / 1024;
      record({
        metric: `start request, ${QUEUED_MAILS.toLocaleString('en-US')} recipients`,
        measured: `${queued.startSeconds.toFixed(1)} s`,
      });
      record({
        metric: `sending with ${QUEUED_MAILS.toLocaleString('en-US')} queued (${RSS_WINDOW_SECONDS} s)`,
        measured: `${queued.perSecond.toFixed(0)} mails/s`,
      });
      record({
        metric: `memory idle, ${owner.leadIds.length.toLocaleString('en-US')} leads (${idle.processes} processes, Pss)`,
        measured: `${idle.mb.toFixed(0)} MB`,
        target: `≤ ${IDLE_TARGET_MB} MB`,
        result: idle.mb <= IDLE_TARGET_MB ? 'pass' : 'FAIL',
      });
      record({
        metric: `memory, most while sending ${ROUNDS} × 20,000 (Pss)`,
        measured: `${engineMb.toFixed(0)} MB`,
      });
      record({
        metric: `memory, most while a ${QUEUED_MAILS.toLocaleString('en-US')}-recipient campaign sends (${queuedMemory.mostProcesses} processes at most, Pss)`,
        measured: `${queuedMemory.peakMb.toFixed(0)} MB`,
        target: `≤ ${QUEUED_TARGET_MB} MB`,
        result: queuedMemory.peakMb <= QUEUED_TARGET_MB ? 'pass' : 'FAIL',
      });
      record({ metric: 'the app process alone, peak RSS (VmHWM, whole run)', measured: `${appPeakMb.toFixed(0)} MB` });
    } finally {
      await stopServer(server);
    }

    if (!SIMULATED_DAY) return;
    handle = await database.open();
    let day: DayResult;
    try {
      day = await simulateDay(handle, sink);
    } finally {
      await handle.close();
    }
    const dayHealthy = day.unsettled === 0 && day.received === day.sent;
    record({
      metric: `simulated day, ${day.mailboxes} mailboxes: most sends over a daily limit`,
      measured: `${day.maxOverCap} (${day.mailboxesOverCap} mailboxes over)`,
      target: '0',
      result: day.maxOverCap === 0 && dayHealthy ? 'pass' : 'FAIL',
    });
    record({
      metric: 'simulated day: sent / sum of daily limits',
      measured: `${day.sent.toLocaleString('en-US')} / ${day.limitSum.toLocaleString('en-US')}`,
      baseline: `${day.leads.toLocaleString('en-US')} leads; ${day.received.toLocaleString('en-US')} mails received, ${day.unsettled} rows unsettled`,
      ratio: (day.sent / day.limitSum).toFixed(2),
      target: '1.00',
      result: day.sent === day.limitSum && dayHealthy ? 'pass' : 'FAIL',
    });
    console.log(
      `${backend.padEnd(8)} simulated ${day.simulatedHours.toFixed(1)} h of sending in ${day.seconds.toFixed(0)} s`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

/** One campaign mail of the owner's, composed as the engine composes it (template, footer, tracking links). */
export async function sampleMail(handle: DatabaseHandle, owner: CampaignOwner): Promise<OutgoingMail> {
  const { db } = handle;
  const [user] = await db.select().from(users).where(eq(users.id, owner.userId));
  const [account] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, owner.accountId));
  const [template] = await db.select().from(templates).where(eq(templates.id, owner.templateId));
  const [lead] = await db.select().from(leads).where(eq(leads.id, owner.leadIds[0]));
  const recipient = { id: 1, campaignId: 1, step: 1 };
  const linkTokens = createLinkTokens(testConfig.sessionSecret);
  const links = mailLinks({
    linkTokens,
    publicUrl: testConfig.publicUrl,
    recipientId: recipient.id,
    trackingEnabled: true,
    issuedAt: new Date(),
  });
  const messageId = createMessageIds(linkTokens).campaign(recipient, account.email);
  return composeCampaignMail({ recipient, lead, user, account, template, links, stockTip: null, messageId });
}

/** The baseline: raw pooled nodemailer sending `count` copies of `mail`, each to its own address, all at once. */
export async function sendRaw(sink: SmtpSink, mail: OutgoingMail, count: number) {
  const transporter = nodemailer.createTransport({
    host: sink.host,
    port: sink.port,
    secure: false,
    auth: { user: sink.user, pass: sink.password },
    pool: true,
    maxConnections: POOL_CONNECTIONS,
  });
  const before = await sink.count();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      transporter.sendMail({
        from: { name: mail.from.name ?? '', address: mail.from.address },
        to: `raw-${i}@leads.test`,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
        messageId: `<raw-${i}@campaign-bench.test>`,
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  transporter.close();
  await expectReceived(sink, before, count);
  return { seconds, perSecond: count / seconds };
}

/** The engine: a campaign to the owner's leads, from the start request until the API says `completed`. */
export async function sendCampaign(sink: SmtpSink, port: number, owner: CampaignOwner) {
  const before = await sink.count();
  const started = performance.now();
  const campaignId = await startCampaignOver(port, owner);
  const startSeconds = (performance.now() - started) / 1000;
  const deadline = Date.now() + 30 * 60_000;
  const poll = async (done: () => Promise<boolean>) => {
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('the campaign did not complete in 30 minutes');
      await delay(50);
    }
  };
  // The peer's count is read while the mails go (it costs the server nothing), the campaign's status after.
  await poll(async () => (await sink.count()) - before >= owner.leadIds.length);
  await poll(async () => (await campaignStatusOver(port, owner, campaignId)) === 'completed');
  const seconds = (performance.now() - started) / 1000;
  await expectReceived(sink, before, owner.leadIds.length);
  return { seconds, startSeconds, perSecond: owner.leadIds.length / seconds };
}

/** Starts the big campaign and lets it send for RSS_WINDOW_SECONDS. */
async function sendQueued(sink: SmtpSink, port: number, owner: CampaignOwner) {
  const before = await sink.count();
  const requested = performance.now();
  await startCampaignOver(port, owner);
  const startSeconds = (performance.now() - requested) / 1000;
  await delay(RSS_WINDOW_SECONDS * 1000);
  const sent = (await sink.count()) - before;
  return { startSeconds, perSecond: sent / RSS_WINDOW_SECONDS };
}

async function expectReceived(sink: SmtpSink, before: number, count: number) {
  const received = (await sink.count()) - before;
  if (received !== count) throw new Error(`the SMTP peer received ${received} mails, expected ${count}`);
}

// Run as a bench, not when bench/webhooks.ts borrows its rounds.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
