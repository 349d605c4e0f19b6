/**
 * Load, on the default install (the app's embedded PostgreSQL server in a DATA_DIR of its own; with
 * BENCH_BACKENDS=embedded,postgres also on a server at BENCH_DATABASE_URL): the real server (as `npm start` runs it: ROLE=all, its node flags,
 * the default log level) under 100 signed-in users for BENCH_LOAD_SECONDS (60) of mixed reads (leads list and detail,
 * templates, campaigns, dashboard stats, analytics) and writes (template saves, lead adds), about 2 requests a second
 * each, plus 1,000 tracking hits a second (open pixels and click redirects of mails the campaign really sent: the
 * SMTP sink tells which), while a 10,000-lead campaign sends to the sink (bench/smtp-sink.ts). Each class arrives
 * at a constant rate, its requests spread evenly over the window, at most a connection per user at once
 * (bench/arrival-rate.ts), and each latency counts from the request's due time, so a slow server shows in the
 * latency and in the rate achieved. The app process's peak resident memory (VmHWM) is read from /proc, and the
 * whole tree's (the app and its PostgreSQL server's processes, proportional set size: bench/process-tree.ts).
 *
 *   BENCH=load npm run bench
 *   BENCH_BACKENDS=embedded,postgres  BENCH_LOAD_SECONDS=60  BENCH_LOAD_TRACKING_RATE=1000
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { createContainer } from '../server/container';
import type { DatabaseHandle } from '../server/db/client';
import { emailAccounts, templates } from '../server/db/schema';
import { createLinkTokens } from '../server/lib/link-tokens';
import { ownMessageRowId } from '../server/modules/shared/message-id';
import { mailLinks } from '../server/modules/tracking/mail-links';
import { registerUser, testConfig } from '../server/test/app';
import {
  type CampaignOwner,
  campaignStatusOver,
  createCampaignOwner,
  startCampaignOver,
  testSecretsEnv,
} from '../server/test/campaign-owner';
import { freePort } from '../server/test/net';
import { type ArrivalResult, runAtArrivalRate } from './arrival-rate';
import { type Backend, benchBackends, benchDatabase, cpuMs, statusKb } from './bench-database';
import { leadRow } from './leads-api';
import { watchTree } from './process-tree';
import { startServer, stopServer } from './server-process';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

const backends = benchBackends();
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const USERS = 100;
/** Per user and second: 1.5 reads and 0.5 writes, about 2 requests. */
const READ_RATE = USERS * 1.5;
const WRITE_RATE = USERS * 0.5;
const TRACKING_RATE = Number(process.env.BENCH_LOAD_TRACKING_RATE ?? 1000);
const CAMPAIGN_LEADS = 10_000;
const LEADS_PER_USER = 200;
const LIFTED = 10_000_000;
/** The one link of the campaign's template, so its mails carry a click link. */
const OFFER_URL = 'https://example.com/offer';
const READ_P99_TARGET_MS = 200;
const RSS_TARGET_MB = 300;

/** A signed-in user of the bench: the cookie, a template and some leads of theirs. */
type BenchUser = { cookie: string; templateId: number; leadIds: number[] };
/** A class of traffic's figures; `seconds` is more than SECONDS when the server fell behind. */
type ClassResult = { name: string; target: number } & ArrivalResult;
type Figures = {
  classes: ClassResult[];
  mailsInWindow: number;
  campaignStatus: string;
  /** The whole tree's proportional set size: the most in the window and at its end. */
  peakTreeMb: number;
  endTreeMb: number;
  /** The app process's VmHWM. */
  highWaterMb: number;
  /** The server's CPU use in the window, in cores (1 = one core all the time). */
  serverCores: number;
  /** The machine's load average (1 minute) at the start and the end of the window. */
  load: [number, number];
};

async function main() {
  const sink = await startSmtpSink();
  const results = new Map<Backend, Figures>();
  try {
    for (const backend of backends) results.set(backend, await runBackend(backend, sink));
  } finally {
    await sink.stop();
  }
  for (const [backend, figures] of results) printTable(backend, figures);
}

async function runBackend(backend: Backend, sink: SmtpSink): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-bench-load-'));
  const database = await benchDatabase(backend, `bench_load_${process.pid}`, dataDir);
  try {
    // Seeded before the app starts (on the embedded server, which the bench starts and stops for it).
    const handle = await database.open();
    const seeding = performance.now();
    const { owner, users } = await seed(handle, sink);
    await handle.close();
    console.log(`${backend}: seeded ${USERS} users in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startServer(
      base,
      {
        ...testSecretsEnv,
        ROLE: 'all',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: testConfig.publicUrl,
        // The SMTP sink listens on 127.0.0.1.
        MAIL_ALLOW_PRIVATE_HOSTS: '1',
        ...database.env,
      },
      { quiet: true },
    );
    const pid = server.pid as number;
    try {
      const before = await sink.count();
      const campaignId = await startCampaignOver(port, owner);
      // Tracking hits need sent mails.
      while ((await sink.count()) - before < 100) await delay(100);
      const hits = trackingPool(sink, before);
      await hits.refresh();
      await expectTrackedClick(
        base,
        hits.paths().find((one) => one.startsWith('/t/c/')),
      );

      const tree = watchTree(pid, database.treeDataDir);
      const windowStart = await sink.count();
      const cpuStart = cpuMs(pid);
      const loadStart = loadavg()[0];
      const classes = await Promise.all([
        run('reads', base, READ_RATE, USERS, users, readRequest),
        run('writes', base, WRITE_RATE, USERS / 2, users, writeRequest),
        run('tracking', base, TRACKING_RATE, USERS, users, () => ({ method: 'GET', path: hits.pick() }), hits),
      ]);
      const mailsInWindow = (await sink.count()) - windowStart;
      const serverCores = (cpuMs(pid) - cpuStart) / 1000 / SECONDS;
      const { peakMb, endMb } = tree.stop();
      return {
        classes,
        mailsInWindow,
        campaignStatus: await campaignStatusOver(port, owner, campaignId),
        peakTreeMb: peakMb,
        endTreeMb: endMb,
        highWaterMb: statusKb(pid, 'VmHWM') / 1024,
        serverCores,
        load: [loadStart, loadavg()[0]],
      };
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

/**
 * Through the app's API (in this process, before the server starts): the campaign's owner with 10,000 leads and a
 * mailbox on the sink whose pace and daily limit are lifted, and 99 more users, each with a template and 200 leads.
 * The owner is user 0 of the 100.
 */
async function seed(handle: DatabaseHandle, sink: SmtpSink): Promise<{ owner: CampaignOwner; users: BenchUser[] }> {
  const owner = await createCampaignOwner(handle, sink, { leads: CAMPAIGN_LEADS, sendsPerMinute: LIFTED });
  await handle.db.update(emailAccounts).set({ dailyLimit: LIFTED }).where(eq(emailAccounts.id, owner.accountId));
  await handle.db
    .update(templates)
    .set({ body: `<p>Hi {firstName}, a note for {company}: <a href="${OFFER_URL}">our offer</a>.</p>` })
    .where(eq(templates.id, owner.templateId));

  // Registration is limited per address: lifted here, where one address signs up everyone.
  const container = await createContainer({ ...testConfig, authRateLimitPerMinute: 10_000 }, handle);
  const app = await buildApp(container, { webDist: null });
  try {
    const call = async (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) => {
      const response = await app.inject({ method, url, payload, headers: { cookie } });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    const users: BenchUser[] = [
      { cookie: `lr_session=${owner.token}`, templateId: owner.templateId, leadIds: owner.leadIds.slice(0, 200) },
    ];
    for (let i = 1; i < USERS; i++) {
      const cookie = `lr_session=${await registerUser(app, `user${i}@load-bench.test`)}`;
      const template = await call(cookie, 'POST', '/api/templates', {
        name: 'Weekly',
        subject: 'Hello {firstName|there}',
        body: '<p>Hi {firstName}, a note for {company}.</p>',
        status: 'active',
      });
      const csvData = Array.from({ length: LEADS_PER_USER }, (_, n) => leadRow(i * LEADS_PER_USER + n));
      await call(cookie, 'POST', '/api/leads/upload-csv', { csvData, firstRowNumber: 2 });
      const leads = (await call(cookie, 'GET', `/api/leads?limit=${LEADS_PER_USER}`)) as { id: number }[];
      users.push({ cookie, templateId: template.id, leadIds: leads.map((lead) => lead.id) });
    }
    return { owner, users };
  } finally {
    await app.close();
    await container.close();
  }
}

type BenchRequest = { method: 'GET' | 'POST' | 'PUT'; path: string; body?: string };
let sequence = 0;
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];

/** What the app's pages ask for: the leads list and a lead, templates, campaigns, the dashboard and analytics. */
function readRequest(user: BenchUser): BenchRequest {
  const paths = [
    '/api/leads?limit=50',
    `/api/leads/${pick(user.leadIds)}`,
    '/api/templates',
    '/api/campaigns',
    '/api/dashboard/stats',
    '/api/analytics/daily?range=30d',
    '/api/analytics/campaigns?range=30d',
  ];
  return { method: 'GET', path: pick(paths) };
}

/** A template saved from the editor, or a lead added by hand. */
function writeRequest(user: BenchUser): BenchRequest {
  sequence += 1;
  if (sequence % 2 === 0) {
    return {
      method: 'PUT',
      path: `/api/templates/${user.templateId}`,
      body: JSON.stringify({
        name: 'Weekly',
        subject: `Hello {firstName|there} (${sequence})`,
        body: `<p>Hi {firstName}, a note for {company}: <a href="${OFFER_URL}">our offer</a>.</p>`,
        status: 'active',
      }),
    };
  }
  return {
    method: 'POST',
    path: '/api/leads',
    body: JSON.stringify({ email: `added-${process.pid}-${sequence}@load-bench.test`, firstName: 'Added' }),
  };
}

/**
 * Open and click paths of mails the campaign sent (the sink's newest 2,000, refreshed every 2 s), signed as the
 * engine signs them for their rows: four opens to one click. Only this backend's mails (the sink's after `before`):
 * a row id of the other backend's run is no sent mail here, and its links lead nowhere (decision 0059).
 */
function trackingPool(sink: SmtpSink, before: number) {
  const linkTokens = createLinkTokens(testConfig.sessionSecret);
  let paths: string[] = [];
  let refreshing = true;
  const refresh = async () => {
    const fresh = Math.min(2000, (await sink.count()) - before);
    const sent = fresh > 0 ? await sink.recentMessageIds(fresh) : [];
    const rows = sent.map(ownMessageRowId).filter((id) => id !== null);
    paths = rows.flatMap((recipientId) => {
      const issuedAt = new Date();
      const tracking = mailLinks({ linkTokens, publicUrl: '', recipientId, trackingEnabled: true, issuedAt }).tracking;
      if (!tracking) return [];
      const open = tracking.openPixelUrl;
      return [open, open, open, open, tracking.clickUrl(OFFER_URL, 0)];
    });
  };
  const loop = (async () => {
    while (refreshing) {
      await delay(2000);
      if (refreshing) await refresh();
    }
  })();
  return {
    refresh,
    paths: () => paths,
    pick: () => pick(paths),
    async stop() {
      refreshing = false;
      await loop;
    },
  };
}

/** The click link of a sent mail must lead to the offer, or the tokens are not the mails' and the hits count nothing. */
async function expectTrackedClick(base: string, clickPath: string | undefined) {
  const response = await fetch(`${base}${clickPath}`, { redirect: 'manual' });
  if (response.status !== 302 || response.headers.get('location') !== OFFER_URL) {
    throw new Error(`the click link ${clickPath} answered ${response.status} ${response.headers.get('location')}`);
  }
}

/**
 * One class of traffic: `rate` requests a second, spread evenly over SECONDS, at most `connections` at once, each
 * request a user's (users in turn). Latencies count from each request's due time (bench/arrival-rate.ts).
 */
async function run(
  name: string,
  base: string,
  rate: number,
  connections: number,
  users: BenchUser[],
  next: (user: BenchUser) => BenchRequest,
  pool?: { stop(): Promise<void> },
): Promise<ClassResult> {
  const result = await runAtArrivalRate({
    base,
    rate,
    seconds: SECONDS,
    connections,
    timeoutMs: 10_000,
    next: (index) => {
      const user = users[index % users.length];
      const { method, path: requestPath, body } = next(user);
      return {
        method,
        path: requestPath,
        body,
        headers: {
          // Mail clients follow tracking links with no session.
          ...(!requestPath.startsWith('/t/') && { cookie: user.cookie }),
          ...(body && { 'content-type': 'application/json' }),
        },
      };
    },
  });
  await pool?.stop();
  return { name, target: rate, ...result };
}

function printTable(backend: Backend, figures: Figures) {
  const [loadStart, loadEnd] = figures.load.map((value) => value.toFixed(1));
  console.log(
    `\n### ${backend}: ${USERS} users, ${SECONDS} s, a ${CAMPAIGN_LEADS.toLocaleString('en-US')}-lead campaign sending\n`,
  );
  console.log('| class | target req/s | requests | req/s achieved | errors | p50 ms | p99 ms | max ms | result |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const one of figures.classes) {
    const achieved = one.requests / one.seconds;
    const pass =
      one.errors === 0 && achieved >= one.target * 0.95 && (one.name !== 'reads' || one.p99 <= READ_P99_TARGET_MS);
    console.log(
      `| ${one.name} | ${one.target} | ${one.requests} | ${achieved.toFixed(0)} | ${one.errors} | ${one.p50} | ${one.p99} | ${one.max} | ${pass ? 'pass' : 'FAIL'} |`,
    );
  }
  console.log(
    `\nserver CPU in the window: ${figures.serverCores.toFixed(2)} cores; machine load average ${loadStart} → ${loadEnd} (${cpus().length} cores)`,
  );
  console.log(
    `campaign mails sent in the window: ${figures.mailsInWindow.toLocaleString('en-US')} (campaign ${figures.campaignStatus} at the end)`,
  );
  const rssPass = figures.highWaterMb <= RSS_TARGET_MB ? 'pass' : 'FAIL';
  console.log(
    `app process peak RSS (VmHWM) ${figures.highWaterMb.toFixed(0)} MB (target ≤ ${RSS_TARGET_MB} MB: ${rssPass}); the whole tree (Pss): most in the window ${figures.peakTreeMb.toFixed(0)} MB, at its end ${figures.endTreeMb.toFixed(0)} MB`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
