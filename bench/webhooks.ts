/**
 * Webhooks benchmark: what users' receivers hear, and what it costs the campaign engine. On the default install (the
 * app's embedded PostgreSQL server in a DATA_DIR of its own; BENCH_BACKENDS as bench/bench-database.ts says):
 *   1. delivery: the real server process (ROLE=all, as `npm start` runs it) sends a 10,000-lead campaign to the SMTP
 *      sink (bench/smtp-sink.ts); its owner then makes an endpoint for every event, on a receiver in a child process
 *      of its own (bench/webhook-sink.ts: verifies each signature with `standardwebhooks`, records each delivery's
 *      webhook-id, payload timestamp and arrival). A backlog of BACKLOG events queued at once is timed first
 *      (bench/webhook-drain.ts: rate, CPU per delivery, what the database's sessions wait on). Within one minute,
 *      10,000 opens (GETs of the mails' open pixels, a browser's user agent, one a mail, at a constant rate:
 *      bench/arrival-rate.ts) and 1,000 replies (taken in
 *      through the inbound service, as the inbox reader hands it what it read, by a container on the same database
 *      in the bench process) reach the app; each event's delay runs from its payload's `timestamp` (when the change
 *      happened) to its arrival at the receiver. Target: all 11,000 arrive, none twice, p99 ≤ 2 s.
 *   2. overhead: bench/campaign.ts's paired round (raw pooled nodemailer, then a 20,000-lead campaign, timed start →
 *      completed) with no endpoint, and again with an endpoint for every event (each mail an `email.sent`), in the
 *      same run; the endpoint's deliveries are drained before the next round starts. Target: the ratio with the
 *      endpoint ≥ 0.9 × the ratio with none.
 *
 *   BENCH=webhooks npm run bench
 *   BENCH_WEBHOOKS_ROUNDS=3          paired rounds of part 2, each kind's median counts (default 1)
 *   BENCH_WEBHOOKS_CAMPAIGN=0        part 1 only
 *   BENCH_WEBHOOKS_MINUTE=0          no minute of opens and replies (the backlog and part 2 only)
 *   BENCH_WEBHOOKS_CAMPAIGN_MAILS=20000  mails of each campaign of part 2 (and of its raw baseline)
 *   BENCH_WEBHOOKS_BACKLOG=3000      events queued at once to time a backlog's delivery (0: none)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { WEBHOOK_EVENT_TYPES } from '../contract/webhook-events';
import { type Container, createContainer } from '../server/container';
import { type DatabaseHandle, openDatabase } from '../server/db/client';
import { campaignRecipients, emailAccounts, leads } from '../server/db/schema';
import { createLinkTokens } from '../server/lib/link-tokens';
import type { ReadingAccount } from '../server/modules/inbound/inbound.service';
import { testConfig } from '../server/test/app';
import { type CampaignOwner, createCampaignOwner, testSecretsEnv } from '../server/test/campaign-owner';
import { freePort } from '../server/test/net';
import { CHROME_USER_AGENT } from '../server/test/tracked-campaign';
import { runAtArrivalRate } from './arrival-rate';
import { type Backend, benchBackends, benchDatabase, loadNow } from './bench-database';
import {
  CAMPAIGN_MAILS,
  LIFTED_DAILY_LIMIT,
  LIFTED_PACE_PER_MINUTE,
  sampleMail,
  sendCampaign,
  sendRaw,
} from './campaign';
import { startServer, stopServer } from './server-process';
import { type SmtpSink, startSmtpSink } from './smtp-sink';
import { measureDrain, printBusiest, sampleActivity, treeCpuMs } from './webhook-drain';
import { type Arrival, startWebhookSink, type WebhookSink } from './webhook-sink';

const backends = benchBackends();
const OPENS = 10_000;
const REPLIES = 1_000;
const WINDOW_SECONDS = 60;
const DELAY_P99_TARGET_MS = 2_000;
/** Connections the open GETs may use at most (a person's browser each, in life). */
const OPEN_CONNECTIONS = 32;
/** How long after the minute the deliveries may take to settle before what is missing counts as lost. */
const SETTLE_SECONDS = 300;
const ROUNDS = Number(process.env.BENCH_WEBHOOKS_ROUNDS ?? 1);
const OVERHEAD_PART = process.env.BENCH_WEBHOOKS_CAMPAIGN !== '0';
const MINUTE_PART = process.env.BENCH_WEBHOOKS_MINUTE !== '0';
const OVERHEAD_TARGET = 0.9;
/** Mails of each campaign of part 2 and of its raw baseline (campaign.ts's 20,000 unless said). */
const ROUND_MAILS = Number(process.env.BENCH_WEBHOOKS_CAMPAIGN_MAILS ?? CAMPAIGN_MAILS);
/** Events queued at once to measure how fast a backlog is delivered (0: not measured). */
const BACKLOG = Number(process.env.BENCH_WEBHOOKS_BACKLOG ?? 3_000);

type Row = {
  metric: string;
  measured: string;
  baseline: string;
  ratio: string;
  target: string;
  result: string;
  load: string;
};
type RecordRow = (row: Partial<Row> & Pick<Row, 'metric' | 'measured'>) => void;
const tables = new Map<Backend, Row[]>();

async function main() {
  const smtp = await startSmtpSink();
  const receiver = await startWebhookSink();
  try {
    for (const backend of backends) await runBackend(backend, smtp, receiver);
  } finally {
    await receiver.stop();
    await smtp.stop();
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

async function runBackend(backend: Backend, smtp: SmtpSink, receiver: WebhookSink) {
  const rows: Row[] = [];
  tables.set(backend, rows);
  const record: RecordRow = (row) => {
    const full = { baseline: '', ratio: '', target: '', result: '', load: loadNow(), ...row };
    rows.push(full);
    console.log(
      `${backend.padEnd(8)} ${full.metric}: ${full.measured} ${full.baseline && `(baseline ${full.baseline})`}`,
    );
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-bench-webhooks-'));
  const database = await benchDatabase(backend, `bench_webhooks_${process.pid}`, dataDir);
  try {
    // Seeded before the app starts (on the embedded server, which the bench starts and stops for it).
    const seeding = await database.open();
    const owner = await createCampaignOwner(seeding, smtp, {
      leads: OPENS + (OVERHEAD_PART ? 2 * ROUNDS * ROUND_MAILS : 0),
      sendsPerMinute: LIFTED_PACE_PER_MINUTE,
    });
    await seeding.db
      .update(emailAccounts)
      .set({ dailyLimit: LIFTED_DAILY_LIMIT })
      .where(eq(emailAccounts.id, owner.accountId));
    const sample = await sampleMail(seeding, owner);
    await seeding.close();
    console.log(`${backend.padEnd(8)} seeded ${owner.leadIds.length} leads through the API`);

    const port = await freePort();
    const server = await startServer(`http://127.0.0.1:${port}`, {
      ...testSecretsEnv,
      ROLE: 'all',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The SMTP sink and the webhook receiver listen on 127.0.0.1.
      MAIL_ALLOW_PRIVATE_HOSTS: '1',
      WEBHOOK_ALLOW_PRIVATE_HOSTS: '1',
      ...database.env,
    });
    // The bench's own connection to the app's database: the replies' container and its reads of the deliveries.
    const handle = await openDatabase({ databaseUrl: await database.url() });
    const container = await createContainer(testConfig, handle);
    const api = ownerApi(port, owner);
    try {
      const appPid = server.pid as number;
      const tree = { appPid, treeDataDir: database.treeDataDir };
      if (BACKLOG > 0) await measureBacklog({ handle, container, api, owner, receiver, record, ...tree });
      if (MINUTE_PART) {
        await sendCampaign(smtp, port, { ...owner, leadIds: owner.leadIds.slice(0, OPENS) });
        await measureDelivery({ handle, container, api, owner, receiver, port, record, ...tree });
      }
      if (OVERHEAD_PART) {
        const roundLeads = (n: number) => owner.leadIds.slice(OPENS + n * ROUND_MAILS, OPENS + (n + 1) * ROUND_MAILS);
        await measureOverhead({ handle, api, owner, receiver, smtp, port, record, sample, roundLeads });
      }
    } finally {
      await container.close();
      await handle.close();
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

/** The owner's calls to the server process's API. */
function ownerApi(port: number, owner: CampaignOwner) {
  const call = async (method: string, url: string, body?: object) => {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { cookie: `lr_session=${owner.token}`, ...(body && { 'content-type': 'application/json' }) },
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  return {
    /** An endpoint on `receiver` for every event, the receiver told its secret: its id. */
    async subscribeEverything(receiver: WebhookSink): Promise<number> {
      const endpoint = (await call('POST', '/api/webhooks', { url: receiver.url, events: WEBHOOK_EVENT_TYPES })) as {
        id: number;
        secret: string;
      };
      await receiver.verifyWith(endpoint.secret);
      return endpoint.id;
    },
    remove: (endpointId: number) => call('DELETE', `/api/webhooks/${endpointId}`),
  };
}

type DeliveryCounts = { total: number; delivered: number; failing: number };

async function deliveryCounts(handle: DatabaseHandle, owner: CampaignOwner): Promise<DeliveryCounts> {
  const result = await handle.pool.query<DeliveryCounts>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
       count(*) FILTER (WHERE status IN ('retrying', 'failed'))::int AS failing
     FROM webhook_deliveries WHERE user_id = $1`,
    [owner.userId],
  );
  return result.rows[0];
}

/**
 * Waits until every delivery row of the owner's is delivered, and there are `atLeast` or their number has not moved
 * for 5 s (an event not wired yet never comes), or `seconds` pass: the counts then.
 */
async function settled(handle: DatabaseHandle, owner: CampaignOwner, seconds: number, atLeast: number) {
  const deadline = Date.now() + seconds * 1000;
  let last = { total: -1, since: Date.now() };
  for (;;) {
    const counts = await deliveryCounts(handle, owner);
    if (counts.total !== last.total) last = { total: counts.total, since: Date.now() };
    const allThere = counts.total >= atLeast || Date.now() - last.since > 5_000;
    if ((allThere && counts.delivered === counts.total) || Date.now() > deadline) return counts;
    await delay(100);
  }
}

/** The sent mails of the owner's campaign to `leadIds`: row, Message-ID and address. */
async function sentMails(handle: DatabaseHandle, owner: CampaignOwner, count: number) {
  const rows = await handle.db
    .select({ id: campaignRecipients.id, messageId: campaignRecipients.messageId, email: leads.email })
    .from(campaignRecipients)
    .innerJoin(leads, eq(leads.id, campaignRecipients.leadId))
    .where(and(eq(campaignRecipients.userId, owner.userId), eq(campaignRecipients.state, 'sent')))
    .orderBy(campaignRecipients.id)
    .limit(count);
  if (rows.length !== count) throw new Error(`${rows.length} sent mails found, ${count} expected`);
  return rows;
}

/** A lead's answer to our mail, as their mail program writes it. */
function replyTo(mail: { messageId: string | null; email: string }, n: number, account: ReadingAccount): Buffer {
  return Buffer.from(
    [
      `From: Prospect ${n} <${mail.email}>`,
      `To: ${account.email}`,
      `Subject: Re: Hello Lead${n}`,
      `Message-ID: <bench-reply-${n}@prospects.test>`,
      `In-Reply-To: ${mail.messageId}`,
      `References: ${mail.messageId}`,
      `Date: ${new Date().toUTCString()}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Yes, interested. Can we talk on Thursday? What would it cost?',
      '',
      `On Mon, Owner wrote:`,
      `> Hi Lead${n}, a note for your company.`,
      '',
    ].join('\r\n'),
  );
}

/** Takes in `replies` through the inbound service at a constant rate over `seconds`: how many became Responses. */
async function takeReplies(container: Container, account: ReadingAccount, replies: Buffer[], seconds: number) {
  const started = performance.now();
  const taking: Promise<boolean>[] = [];
  for (const [i, reply] of replies.entries()) {
    const wait = started + (i * seconds * 1000) / replies.length - performance.now();
    if (wait > 0) await delay(wait);
    taking.push(
      container.services.inbound.take(account, reply).then(
        (taken) => taken.outcome === 'taken' && taken.kind === 'reply',
        (error) => {
          console.error(error);
          return false;
        },
      ),
    );
  }
  const outcomes = await Promise.all(taking);
  return { taken: outcomes.filter(Boolean).length, seconds: (performance.now() - started) / 1000 };
}

const percentile = (sorted: number[], quantile: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)];

/** What arrived: each event once (its first arrival), the repeats, the failed verifications, the delays by type. */
function tally(arrivals: Arrival[]) {
  const first = new Map<string, Arrival>();
  for (const arrival of arrivals) if (!first.has(arrival.id)) first.set(arrival.id, arrival);
  const events = [...first.values()].filter((arrival) => arrival.verified);
  const delaysOf = (types: string[]) =>
    events
      .filter((event) => types.includes(event.type))
      .map((event) => event.arrivedAt - event.changedAt)
      .sort((a, b) => a - b);
  const byType = new Map<string, number>();
  for (const event of events) byType.set(event.type, (byType.get(event.type) ?? 0) + 1);
  return {
    byType,
    repeats: arrivals.length - first.size,
    unverified: arrivals.filter((arrival) => !arrival.verified).length,
    delaysOf,
  };
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const spread = (delays: number[]) =>
  `p50 ${ms(percentile(delays, 0.5))} · p99 ${ms(percentile(delays, 0.99))} · max ${ms(delays.at(-1) ?? Number.NaN)}`;
const count = (n: number) => n.toLocaleString('en-US');

/** Part 1: 10,000 opens and 1,000 replies in a minute, to an endpoint for every event. */
async function measureDelivery(input: {
  handle: DatabaseHandle;
  container: Container;
  api: ReturnType<typeof ownerApi>;
  owner: CampaignOwner;
  receiver: WebhookSink;
  port: number;
  record: RecordRow;
  appPid: number;
  treeDataDir: string | undefined;
}) {
  const { handle, container, api, owner, receiver, port, record } = input;
  const mails = await sentMails(handle, owner, OPENS);
  const [account] = await handle.db
    .select({ id: emailAccounts.id, userId: emailAccounts.userId, email: emailAccounts.email })
    .from(emailAccounts)
    .where(eq(emailAccounts.id, owner.accountId));
  const linkTokens = createLinkTokens(testConfig.sessionSecret);
  const pixels = mails.map((mail) => `/t/o/${linkTokens.sign('open', mail.id)}`);
  const replies = mails.slice(0, REPLIES).map((mail, n) => replyTo(mail, n, account));

  const endpointId = await api.subscribeEverything(receiver);
  await receiver.take();
  const cpuBefore = treeCpuMs(input.appPid, input.treeDataDir);
  const windowStarted = performance.now();
  const activity = sampleActivity(handle);
  const [opens, taken] = await Promise.all([
    runAtArrivalRate({
      base: `http://127.0.0.1:${port}`,
      rate: OPENS / WINDOW_SECONDS,
      seconds: WINDOW_SECONDS,
      connections: OPEN_CONNECTIONS,
      timeoutMs: 10_000,
      next: (i) => ({ method: 'GET', path: pixels[i], headers: { 'user-agent': CHROME_USER_AGENT } }),
    }),
    takeReplies(container, account, replies, WINDOW_SECONDS),
  ]);
  const loadInWindow = loadNow();
  printBusiest('while the opens and replies came', await activity.stop());
  const cpuAfter = treeCpuMs(input.appPid, input.treeDataDir);
  const windowSeconds = (performance.now() - windowStarted) / 1000;
  const counts = await settled(handle, owner, SETTLE_SECONDS, OPENS + REPLIES);
  // The last deliveries' answers are on their way back.
  await delay(500);
  const arrivals = await receiver.take();
  await api.remove(endpointId);

  const { byType, repeats, unverified, delaysOf } = tally(arrivals);
  const opened = byType.get('email.opened') ?? 0;
  const replied = byType.get('email.replied') ?? 0;
  const all = delaysOf(['email.opened', 'email.replied']);
  const arrivalTimes = arrivals.map((arrival) => arrival.arrivedAt).sort((a, b) => a - b);
  const arrivalSeconds = ((arrivalTimes.at(-1) ?? 0) - (arrivalTimes[0] ?? 0)) / 1000;
  const p99 = percentile(all, 0.99);
  record({
    metric: `open pixel GETs (browser user agent, one a mail), constant rate over ${WINDOW_SECONDS} s`,
    measured: `${count(opens.requests)} in ${opens.seconds.toFixed(1)} s, ${opens.errors} errors; answered p50 ${opens.p50} ms, p99 ${opens.p99} ms`,
    load: loadInWindow,
  });
  record({
    metric: `replies taken in through the inbound service, constant rate over ${WINDOW_SECONDS} s`,
    measured: `${count(taken.taken)} of ${count(REPLIES)} Responses in ${taken.seconds.toFixed(1)} s`,
    load: loadInWindow,
  });
  record({
    metric: 'email.opened events delivered (each once, signature verified)',
    measured: count(opened),
    target: count(OPENS),
    result: opened === OPENS ? 'pass' : 'FAIL',
  });
  record({
    metric: 'email.replied events delivered (each once, signature verified)',
    measured: count(replied),
    target: count(REPLIES),
    result: replied === REPLIES ? 'pass' : 'FAIL',
  });
  record({
    metric: 'server CPU while the opens and replies came (app process / embedded PostgreSQL), cores',
    measured: `${((cpuAfter.app - cpuBefore.app) / 1000 / windowSeconds).toFixed(2)} / ${((cpuAfter.database - cpuBefore.database) / 1000 / windowSeconds).toFixed(2)} over ${windowSeconds.toFixed(0)} s`,
    load: loadInWindow,
  });
  record({
    metric: 'deliveries reaching the receiver, first to last',
    measured: `${count(arrivals.length)} in ${arrivalSeconds.toFixed(1)} s (${(arrivals.length / arrivalSeconds).toFixed(0)}/s)`,
    baseline: `needed: ${((OPENS + REPLIES) / WINDOW_SECONDS).toFixed(0)}/s`,
  });
  const others = [...byType].filter(([type]) => type !== 'email.opened' && type !== 'email.replied');
  record({
    metric: 'other events delivered meanwhile',
    measured: others.map(([type, n]) => `${type}: ${count(n)}`).join(', ') || 'none',
  });
  record({
    metric: 'delivery rows of the owner: delivered / all (failing)',
    measured: `${count(counts.delivered)} / ${count(counts.total)} (${counts.failing})`,
    target: 'all delivered',
    result: counts.total > 0 && counts.delivered === counts.total ? 'pass' : 'FAIL',
  });
  record({
    metric: 'deliveries received twice (same webhook-id)',
    measured: count(repeats),
    target: '0',
    result: repeats === 0 ? 'pass' : 'FAIL',
  });
  record({
    metric: 'deliveries whose signature did not verify',
    measured: count(unverified),
    target: '0',
    result: unverified === 0 ? 'pass' : 'FAIL',
  });
  record({
    metric: `delivery delay, payload timestamp → receiver, email.opened (${count(opened)})`,
    measured: spread(delaysOf(['email.opened'])),
  });
  record({
    metric: `delivery delay, payload timestamp → receiver, email.replied (${count(replied)})`,
    measured: spread(delaysOf(['email.replied'])),
  });
  record({
    metric: `delivery delay, payload timestamp → receiver, both (${count(all.length)})`,
    measured: spread(all),
    target: `p99 ≤ ${ms(DELAY_P99_TARGET_MS)}`,
    result: all.length > 0 && p99 <= DELAY_P99_TARGET_MS ? 'pass' : 'FAIL',
  });
}

/** How fast a backlog queued at once is delivered, on an endpoint of its own (removed after, its rows with it). */
async function measureBacklog(input: {
  handle: DatabaseHandle;
  container: Container;
  api: ReturnType<typeof ownerApi>;
  owner: CampaignOwner;
  receiver: WebhookSink;
  record: RecordRow;
  appPid: number;
  treeDataDir: string | undefined;
}) {
  const { api, owner, receiver, record } = input;
  const endpointId = await api.subscribeEverything(receiver);
  const drain = await measureDrain({ ...input, userId: owner.userId, leadIds: owner.leadIds, count: BACKLOG });
  const arrived = tally(await receiver.take()).byType.get('email.opened') ?? 0;
  await api.remove(endpointId);
  record({
    metric: `backlog: ${count(BACKLOG)} events queued at once (one transaction), delivered`,
    measured: `${count(arrived)} in ${drain.seconds.toFixed(1)} s: ${drain.perSecond.toFixed(0)}/s`,
    baseline: `needed: ${((OPENS + REPLIES) / WINDOW_SECONDS).toFixed(0)}/s`,
  });
  record({
    metric: 'backlog: CPU per delivery, app process / embedded PostgreSQL',
    measured: `${drain.appCpuMsEach.toFixed(2)} ms / ${drain.databaseCpuMsEach.toFixed(2)} ms`,
  });
  printBusiest('while the backlog was delivered', drain.busiest);
}

type Round = { raw: { perSecond: number; seconds: number }; engine: { perSecond: number; seconds: number } };
const ratioOf = ({ raw, engine }: Round) => engine.perSecond / raw.perSecond;
const medianRound = (rounds: Round[]) =>
  [...rounds].sort((a, b) => ratioOf(a) - ratioOf(b))[Math.floor(rounds.length / 2)];

/** Part 2: campaign rounds with no endpoint and with one for every event, in turns. */
async function measureOverhead(input: {
  handle: DatabaseHandle;
  api: ReturnType<typeof ownerApi>;
  owner: CampaignOwner;
  receiver: WebhookSink;
  smtp: SmtpSink;
  port: number;
  record: RecordRow;
  sample: Awaited<ReturnType<typeof sampleMail>>;
  roundLeads: (n: number) => number[];
}) {
  const { handle, api, owner, receiver, smtp, port, record, sample, roundLeads } = input;
  const none: Round[] = [];
  const subscribed: Round[] = [];
  const drains: { seconds: number; sent: number; delays: number[] }[] = [];
  let campaignNumber = 0;
  const runRound = async (withEndpoint: boolean) => {
    const raw = await sendRaw(smtp, sample, ROUND_MAILS);
    const endpointId = withEndpoint ? await api.subscribeEverything(receiver) : null;
    await receiver.take();
    const activity = sampleActivity(handle);
    const engine = await sendCampaign(smtp, port, { ...owner, leadIds: roundLeads(campaignNumber++) });
    printBusiest(
      `while the campaign sent, ${withEndpoint ? 'with an endpoint' : 'no endpoint'}`,
      await activity.stop(),
    );
    const kind = withEndpoint ? 'with an endpoint' : 'no endpoint';
    console.log(
      `round, ${kind}: ${engine.perSecond.toFixed(0)} against ${raw.perSecond.toFixed(0)} mails/s (${(engine.perSecond / raw.perSecond).toFixed(2)})`,
    );
    if (endpointId === null) return none.push({ raw, engine });
    subscribed.push({ raw, engine });
    // The round's deliveries reach the receiver before the next round starts.
    const completed = performance.now();
    await settled(handle, owner, 10 * 60, ROUND_MAILS);
    const seconds = (performance.now() - completed) / 1000;
    await delay(500);
    const { byType, delaysOf } = tally(await receiver.take());
    drains.push({ seconds, sent: byType.get('email.sent') ?? 0, delays: delaysOf(['email.sent']) });
    await api.remove(endpointId);
  };
  for (let round = 0; round < ROUNDS; round++) {
    // In turns, so that neither kind always runs on the fresher database.
    const order = round % 2 === 0 ? [false, true] : [true, false];
    for (const withEndpoint of order) await runRound(withEndpoint);
  }
  const plain = medianRound(none);
  const withHooks = medianRound(subscribed);
  const ratios = (rounds: Round[]) => rounds.map((round) => ratioOf(round).toFixed(2)).join(', ');
  const mailsPerSecond = (round: Round) =>
    `${round.engine.perSecond.toFixed(0)} mails/s (${round.engine.seconds.toFixed(1)} s)`;
  const raw = (round: Round) => `raw nodemailer: ${round.raw.perSecond.toFixed(0)} mails/s`;
  record({
    metric: `campaign of ${count(ROUND_MAILS)} mails ÷ raw nodemailer, no webhook endpoint (median of ${ROUNDS}: ${ratios(none)})`,
    measured: mailsPerSecond(plain),
    baseline: raw(plain),
    ratio: ratioOf(plain).toFixed(2),
  });
  const floor = OVERHEAD_TARGET * ratioOf(plain);
  record({
    metric: `the same with an endpoint for every event (median of ${ROUNDS}: ${ratios(subscribed)})`,
    measured: mailsPerSecond(withHooks),
    baseline: raw(withHooks),
    ratio: ratioOf(withHooks).toFixed(2),
    target: `≥ ${OVERHEAD_TARGET} × ${ratioOf(plain).toFixed(2)} = ${floor.toFixed(2)}`,
    result: ratioOf(withHooks) >= floor ? 'pass' : 'FAIL',
  });
  const drain = drains[subscribed.indexOf(withHooks)];
  record({
    metric: `that campaign's email.sent deliveries: received; delay p50 / p99 / max; all delivered after completed`,
    measured: `${count(drain.sent)}; ${spread(drain.delays)}; +${drain.seconds.toFixed(1)} s`,
    target: count(ROUND_MAILS),
    result: drain.sent === ROUND_MAILS ? 'pass' : 'FAIL',
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
