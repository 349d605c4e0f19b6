/**
 * The campaign bench's simulated day: 100 mailboxes with random daily limits and paces, three rotating campaigns
 * over them (50 mailboxes each, overlapping) with more leads than the mailboxes may send, each campaign run by two
 * senders at once (two containers on one database, as two workers would), in this process, on a clock that the
 * senders' pace waits step instead of waiting. It runs until every sender waits for midnight, then counts what each
 * mailbox sent on its day against its daily limit.
 */
import { sql } from 'drizzle-orm';
import { MAX_ROTATION_ACCOUNTS } from '../contract/campaigns';
import { CSV_CHUNK_ROWS } from '../contract/leads';
import { buildApp } from '../server/app';
import { createContainer } from '../server/container';
import { type DatabaseHandle, queryRows } from '../server/db/client';
import { DailyLimitError } from '../server/modules/sending/send-allowance';
import { getCurrentUser, registerUser, testConfig } from '../server/test/app';
import { seedSmtpAccount } from '../server/test/seed-smtp-account';
import type { SmtpPeer } from '../server/test/smtp-peer';
import type { SmtpSink } from './smtp-sink';

const MAILBOXES = 100;
const LIMITS = { min: 20, max: 500 };
const PACES_PER_MINUTE = { min: 2, max: 60 };
/** The mailboxes of each campaign: two halves, and a middle half that shares its mailboxes with both. */
const ROTATIONS = [
  [0, 50],
  [50, 100],
  [25, 75],
] as const;
const SENDERS_PER_CAMPAIGN = 2;
/** The simulated day starts at 08:00 in the user's time zone (UTC, the default). */
const DAY_START = new Date('2026-11-23T08:00:00Z');

export type DayResult = {
  mailboxes: number;
  limitSum: number;
  leads: number;
  sent: number;
  /** The most any mailbox sent beyond its daily limit on one day (0 when every limit held). */
  maxOverCap: number;
  mailboxesOverCap: number;
  /** Rows left `sending` or `unknown` (a run that ended normally leaves none). */
  unsettled: number;
  /** Mails the SMTP peer received in the simulation: each must be one `sent` row. */
  received: number;
  simulatedHours: number;
  seconds: number;
};

const randomInt = (range: { min: number; max: number }) =>
  range.min + Math.floor(Math.random() * (range.max - range.min + 1));

export async function simulateDay(handle: DatabaseHandle, sink: SmtpSink): Promise<DayResult> {
  let now = DAY_START.getTime();
  const clock = { now: () => new Date(now) };
  // A sender sleeps right after reading the clock, until its pace slot: the clock jumps there.
  const sleep = async (ms: number) => {
    now += ms;
  };
  const workers = await Promise.all(
    Array.from({ length: SENDERS_PER_CAMPAIGN }, () => createContainer(testConfig, handle, { clock, sleep })),
  );
  const app = await buildApp(workers[0]);
  try {
    const call = async (method: 'POST' | 'PUT', url: string, token: string, payload: object) => {
      const response = await app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    const token = await registerUser(app, 'day@campaign-bench.test');
    const userId = (await getCurrentUser(app, token)).json().id as string;
    await call('PUT', '/api/user/profile', token, { postalAddress: '1 Harbor Way, Austin, TX 78701' });
    const mailboxes: { id: number; limit: number }[] = [];
    for (let i = 0; i < MAILBOXES; i++) {
      const limit = randomInt(LIMITS);
      const id = await seedSmtpAccount(handle.db, userId, sink as unknown as SmtpPeer, {
        email: `box-${i}@campaign-bench.test`,
        dailyLimit: limit,
        sendsPerMinute: randomInt(PACES_PER_MINUTE),
      });
      mailboxes.push({ id, limit });
    }
    const template = await call('POST', '/api/templates', token, {
      name: 'Day',
      subject: 'Hello {firstName|there}',
      body: '<p>Hi {firstName}, a note for {company}.</p>',
      status: 'active',
    });

    // Each campaign gets 10% more leads than its mailboxes may send in a day, so every one of them reaches its limit.
    const campaignIds: number[] = [];
    let leadCount = 0;
    for (const [from, to] of ROTATIONS) {
      const rotation = mailboxes.slice(from, to);
      if (rotation.length > MAX_ROTATION_ACCOUNTS) throw new Error('too many mailboxes in one rotation');
      const wanted = Math.ceil(rotation.reduce((sum, box) => sum + box.limit, 0) * 1.1);
      for (let offset = 0; offset < wanted; offset += CSV_CHUNK_ROWS) {
        const csvData = Array.from({ length: Math.min(CSV_CHUNK_ROWS, wanted - offset) }, (_, i) => ({
          email: `day-${leadCount + offset + i}@leads.test`,
          first_name: `Lead${leadCount + offset + i}`,
          company: `Company ${i}`,
        }));
        await call('POST', '/api/leads/upload-csv', token, { csvData, firstRowNumber: 2 });
      }
      const added = await queryRows<{ id: string }>(
        handle.db,
        sql`SELECT id FROM leads WHERE user_id = ${userId} ORDER BY id OFFSET ${leadCount}`,
      );
      const leadIds = added.map((row) => Number(row.id));
      leadCount += wanted;
      const started = await call('POST', '/api/campaigns/send-mass-email', token, {
        accountId: rotation[0].id,
        accountIds: rotation.map((box) => box.id),
        templateId: template.id,
        leadIds,
        trackingEnabled: true,
      });
      campaignIds.push(started.campaignId);
    }

    const receivedBefore = await sink.count();
    const startedAt = performance.now();
    const runs = await Promise.allSettled(
      workers.flatMap((worker) => campaignIds.map((id) => worker.services.campaignSender.run(id))),
    );
    const seconds = (performance.now() - startedAt) / 1000;
    for (const run of runs) {
      // Every run must end waiting for midnight: anything else is a failure of the simulation.
      if (run.status === 'rejected' && !(run.reason instanceof DailyLimitError)) throw run.reason;
      if (run.status === 'fulfilled') throw new Error('a sender finished before its mailboxes reached their limits');
    }
    const received = (await sink.count()) - receivedBefore;

    const perDay = await queryRows<{ limit: number; sent: number }>(
      handle.db,
      sql`SELECT a.daily_limit AS "limit", count(r.id)::int AS sent
          FROM email_accounts a
          JOIN campaign_recipients r ON r.account_id = a.id AND r.state = 'sent'
          WHERE a.user_id = ${userId}
          GROUP BY a.id, (r.sent_at AT TIME ZONE 'UTC')::date`,
    );
    const [{ unsettled }] = await queryRows<{ unsettled: number }>(
      handle.db,
      sql`SELECT count(*)::int AS unsettled FROM campaign_recipients
          WHERE user_id = ${userId} AND state IN ('sending', 'unknown')`,
    );
    const overCap = perDay.map((row) => row.sent - row.limit);
    return {
      mailboxes: MAILBOXES,
      limitSum: mailboxes.reduce((sum, box) => sum + box.limit, 0),
      leads: leadCount,
      sent: perDay.reduce((sum, row) => sum + row.sent, 0),
      maxOverCap: Math.max(0, ...overCap),
      mailboxesOverCap: overCap.filter((over) => over > 0).length,
      unsettled,
      received,
      simulatedHours: (now - DAY_START.getTime()) / 3_600_000,
      seconds,
    };
  } finally {
    await app.close();
    for (const worker of workers) await worker.close();
  }
}
