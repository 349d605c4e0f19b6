import { setTimeout as delay } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Campaign } from '../../../../contract/campaigns';
import { buildApp } from '../../../app';
import { createContainer } from '../../../container';
import { type DatabaseHandle, queryRows } from '../../../db/client';
import { campaignRecipients, emailAccounts, users } from '../../../db/schema';
import { jobCatalogue } from '../../../jobs/catalogue';
import { testConfig } from '../../../test/app';
import { expectDeliveredOnce, readRecipients } from '../../../test/campaign-delivery-audit';
import { type CampaignOwner, startCampaignOver } from '../../../test/campaign-owner';
import { createSendingHarness, type SendingHarness } from '../../../test/sending-harness';
import { healthy, waitFor } from '../../../test/server-process';
import { DailyLimitError } from '../../sending/send-allowance';
import { CampaignWaitingError, SEND_CONCURRENCY } from './run';

// A sender killed with mails in flight, and a campaign that then waits: for the daily limit (with nothing or with
// mails left for tomorrow) or for the user who paused it. The mails the dead sender left `sending` are settled once
// they are stale, whatever the campaign waits for, and GET /api/campaigns/{id}'s figures add up to its total at every
// moment. The kill is real (SIGKILL of `npm start`'s entry, sending through a real SMTP peer); the restart runs in
// this process on the same database with an injected clock, so that "stale" and "before midnight" take no real time.

const LEADS = 40;
/** CAMPAIGN_STALE_SENDING_SECONDS after the restart. */
const STALE_SECONDS = 30;

let t: SendingHarness;
beforeEach(async () => {
  t = await createSendingHarness();
});
afterEach(() => t.dispose());

/** The figures of GET /api/campaigns/{id} that split its total: every mail is in exactly one of them. */
function expectFiguresAddUp(campaign: Campaign) {
  const { emailsSent, emailsFailed, emailsUnknown, emailsPending, emailsSending } = campaign;
  expect(
    emailsSent + emailsFailed + emailsUnknown + emailsPending + emailsSending,
    `the figures of ${JSON.stringify(campaign)} add up to its total`,
  ).toBe(campaign.totalEmails);
}

/**
 * A zone where it is about noon now, so that the stale moment after the restart is well before the owner's midnight
 * whenever the test runs (Etc/GMT-N is N hours ahead of UTC).
 */
function zoneAtNoon(): string {
  const ahead = 12 - new Date().getUTCHours();
  if (ahead === 0) return 'UTC';
  return ahead > 0 ? `Etc/GMT-${ahead}` : `Etc/GMT+${-ahead}`;
}

/**
 * Sends `owner`'s campaign from a real process whose mailbox allows `dailyLimit` mails a day and SIGKILLs it at about
 * 40% of the campaign with mails in flight (the peer holds its answers). Reads the figures over HTTP all along.
 */
async function crashMidCampaign(owner: CampaignOwner, dailyLimit: number) {
  await t.database.use(async ({ db }) => {
    await db.update(emailAccounts).set({ dailyLimit }).where(eq(emailAccounts.id, owner.accountId));
    await db.update(users).set({ timezone: zoneAtNoon() }).where(eq(users.id, owner.userId));
  });
  // A slower peer, so that the kill lands near its point.
  t.peer.answerDelayMs = 20;
  // The peer listens on loopback, a private address mailboxes may use only where the administrator allows it.
  const worker = t.start('worker-1', 'all', { MAIL_ALLOW_PRIVATE_HOSTS: '1' });
  // Its first start makes the embedded server's cluster (initdb) and migrates it.
  await waitFor(healthy(t.port), 'the worker to listen', 90_000);
  const campaignId = await startCampaignOver(t.port, owner);

  const observed: Campaign[] = [];
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const response = await fetch(`http://127.0.0.1:${t.port}/api/campaigns/${campaignId}`, {
        headers: { cookie: `lr_session=${owner.token}` },
      });
      observed.push((await response.json()) as Campaign);
      await delay(10);
    }
  })();
  try {
    // Closer than waitFor's 200 ms, so that the kill lands near its point.
    const deadline = Date.now() + 30_000;
    while (t.peer.messages.length < LEADS * 0.4) {
      if (Date.now() > deadline)
        throw new Error(`The worker sent ${t.peer.messages.length} mails:\n${worker.output()}`);
      await delay(2);
    }
    t.peer.hold();
    // Both SMTP connections have a mail on the wire; the run's other send loops have theirs claimed and waiting.
    await t.waitFor(worker, () => t.peer.unanswered() >= 2, 'two mails in flight');
    await delay(100);
  } finally {
    watching = false;
    await watch;
  }
  const stranded = await t.kill(worker, campaignId);
  t.peer.release();
  expect(stranded.length, 'rows the kill left sending').toBeGreaterThan(0);
  expect(
    observed.some((campaign) => campaign.emailsSending > 0),
    'a moment with mails in flight was seen',
  ).toBe(true);
  for (const campaign of observed) expectFiguresAddUp(campaign);
  return { campaignId, stranded };
}

/**
 * The app restarted on the database the killed process left, as this process: its container and HTTP app, with a
 * clock the test sets (it starts a second after the last claim: a restart at once).
 */
async function restart(handle: DatabaseHandle, owner: CampaignOwner, campaignId: number) {
  const [{ lastClaim }] = await handle.db
    .select({ lastClaim: sql<string>`max(${campaignRecipients.claimedAt})` })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.state, 'sending')));
  let now = new Date(new Date(lastClaim).getTime() + 1000);
  const container = await createContainer({ ...testConfig, campaignStaleSendingMs: STALE_SECONDS * 1000 }, handle, {
    clock: { now: () => now },
    sleep: async () => {},
  });
  const app = await buildApp(container, { webDist: null });
  const call = async (method: 'GET' | 'POST', url: string) =>
    (await app.inject({ method, url, headers: { cookie: `lr_session=${owner.token}` } })).json() as Campaign;
  const figures = () => call('GET', `/api/campaigns/${campaignId}`);
  return {
    figures,
    /** The user pauses the campaign on the dashboard. */
    pause: () => call('POST', `/api/campaigns/${campaignId}/pause`),
    /** Moves the clock past the staleness of the mails the dead sender left, still before the owner's midnight. */
    pastStale() {
      now = new Date(now.getTime() + STALE_SECONDS * 1000);
    },
    /** The campaign's run, as its job runs it, with the figures read all along: each reading must add up. */
    async run() {
      let done = false;
      // The run's error, held (not left unhandled) while the figures are read.
      const failure = container.services.campaignSender.run(campaignId).then(
        () => null,
        (error: unknown) => ({ error }),
      );
      void failure.finally(() => {
        done = true;
      });
      while (!done) {
        expectFiguresAddUp(await figures());
        await delay(1);
      }
      const failed = await failure;
      if (failed) throw failed.error;
    },
    /** What the worker runs every minute for campaigns that lost their sender. */
    resumeStalled: () =>
      jobCatalogue['campaigns.resume-stalled'].run({}, { services: container.services, log: { info() {}, warn() {} } }),
    async close() {
      await app.close();
      await container.close();
    },
  };
}

describe('mails a killed sender left in flight, while the campaign waits', () => {
  it('are settled once stale though the daily limit is reached with nothing left, and the campaign completes before midnight', {
    timeout: 240_000,
  }, async () => {
    const owner = await t.createOwner(LEADS);
    // The mailbox may send the campaign's 40 mails today: the mails in flight at the kill took 4 of them.
    const { campaignId, stranded } = await crashMidCampaign(owner, LEADS);
    await t.database.use(async (handle) => {
      // A sender killed between taking its place in the day and claiming a row (waiting for its pace slot) leaves
      // that place taken: the limit becomes what is used plus what is left, so the day is full once the rest is
      // sent, wherever the kill landed.
      const [{ pending }] = await queryRows<{ pending: number }>(
        handle.db,
        sql`SELECT count(*)::int AS pending FROM campaign_recipients WHERE campaign_id = ${campaignId} AND state = 'pending'`,
      );
      await handle.db
        .update(emailAccounts)
        .set({ dailyLimit: sql`${emailAccounts.sentToday} + ${pending}` })
        .where(eq(emailAccounts.id, owner.accountId));
      const app = await restart(handle, owner, campaignId);
      try {
        // The restarted run sends what was left until the day's allowance is used; the mails in flight took theirs.
        const waiting = await app.run().catch((error: unknown) => error);
        expect(waiting).not.toBeInstanceOf(DailyLimitError);
        expect(waiting).toBeInstanceOf(CampaignWaitingError);
        // It comes back when the mails in flight count as abandoned, not at midnight.
        expect((waiting as CampaignWaitingError).retryAfterSeconds).toBeLessThanOrEqual(STALE_SECONDS);
        expect(await app.figures()).toMatchObject({
          status: 'running',
          emailsSent: LEADS - stranded.length,
          emailsSending: stranded.length,
          emailsPending: 0,
        });

        const runsQueued = async () => {
          const [{ count }] = await queryRows<{ count: number }>(
            handle.db,
            sql`SELECT count(*)::int AS count FROM pgboss.job
                WHERE name = 'campaigns.send' AND data->>'campaignId' = ${String(campaignId)}`,
          );
          return count;
        };
        const queuedBefore = await runsQueued();
        app.pastStale();
        await app.resumeStalled();
        const settled = await app.figures();
        expectFiguresAddUp(settled);
        // SMTP has no Sent folder to search: the mails in flight may or may not have gone.
        expect(settled).toMatchObject({ emailsSent: LEADS - stranded.length, emailsUnknown: stranded.length });
        expect(settled.emailsSending).toBe(0);

        // The check gave it a run, which finds nothing left: the campaign is over, today.
        expect(await runsQueued()).toBe(queuedBefore + 1);
        await app.run();
        expect(await app.figures()).toMatchObject({ status: 'completed', waitingReason: null });
      } finally {
        await app.close();
      }
      expectDeliveredOnce({
        campaignId,
        rows: await readRecipients(handle.db, campaignId),
        received: t.peer.messages,
        leads: LEADS,
        stranded,
        unknownBound: SEND_CONCURRENCY,
      });
    });
  });

  it('are settled once stale while the campaign waits for tomorrow’s allowance with mails left', {
    timeout: 240_000,
  }, async () => {
    const owner = await t.createOwner(LEADS);
    const dailyLimit = 30;
    const { campaignId, stranded } = await crashMidCampaign(owner, dailyLimit);
    await t.database.use(async (handle) => {
      const app = await restart(handle, owner, campaignId);
      try {
        await expect(app.run()).rejects.toBeInstanceOf(DailyLimitError);
        const left = LEADS - dailyLimit;
        expect(await app.figures()).toMatchObject({
          status: 'running',
          emailsSending: stranded.length,
          emailsPending: left,
          waitingReason: expect.stringMatching(
            new RegExp(`^Daily limit of \\d+ reached on .*; ${left} emails go out after midnight$`),
          ),
        });

        app.pastStale();
        await app.resumeStalled();
        const settled = await app.figures();
        expectFiguresAddUp(settled);
        expect(settled).toMatchObject({
          status: 'running',
          emailsSent: dailyLimit - stranded.length,
          emailsUnknown: stranded.length,
          emailsSending: 0,
          emailsPending: left,
        });
      } finally {
        await app.close();
      }
    });
  });

  it('are settled once stale while the campaign is paused', { timeout: 240_000 }, async () => {
    const owner = await t.createOwner(LEADS);
    const { campaignId, stranded } = await crashMidCampaign(owner, 10_000);
    await t.database.use(async (handle) => {
      const app = await restart(handle, owner, campaignId);
      try {
        expect(await app.pause()).toMatchObject({ status: 'paused' });
        await app.run();
        expect(await app.figures()).toMatchObject({ status: 'paused', emailsSending: stranded.length });

        app.pastStale();
        await app.resumeStalled();
        const settled = await app.figures();
        expectFiguresAddUp(settled);
        expect(settled).toMatchObject({ status: 'paused', emailsUnknown: stranded.length, emailsSending: 0 });
      } finally {
        await app.close();
      }
    });
  });
});
