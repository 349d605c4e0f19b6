import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBounceAddresses } from '../../adapters/mail/bounce-address';
import { createContainer } from '../../container';
import { queryRows } from '../../db/client';
import { campaignRecipients, campaigns as campaignsTable } from '../../db/schema';
import { createLinkTokens } from '../../lib/link-tokens';
import { testConfig } from '../../test/app';
import { createCampaignsTestApp, MONDAY_MORNING } from './campaigns-test-helpers';
import { CampaignWaitingError, createCampaignSender } from './engine/run';

let now = MONDAY_MORNING;
const { t, smtp, clock, sender, start, campaign, run, recipientsOf } = await createCampaignsTestApp({
  read: () => now,
  set: (to) => {
    now = to;
  },
});

describe('campaigns that lost their sender', () => {
  it('get a new run when their sender was not seen for a while, and a live or waiting one is left alone', async () => {
    const { token, accountId, templateId, leadIds } = await sender('stalled', { count: 2 });
    const id = await start(token, { accountId, templateId, leadIds });
    const queued = async () =>
      (
        await queryRows<{ count: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'campaigns.send' AND data->>'campaignId' = ${String(id)}`,
        )
      )[0].count;
    const { campaigns: service } = t.container.services;
    const seen = (at: Date | null, due: Date | null = null) =>
      t.database.db.update(campaignsTable).set({ senderSeenAt: at, senderDueAt: due }).where(eq(campaignsTable.id, id));
    const before = await queued();

    await seen(new Date(now.getTime() - 60_000)); // alive a minute ago
    expect(await service.resumeStalled()).toBe(0);
    await seen(new Date(now.getTime() - 10 * 60_000), new Date(now.getTime() + 3600_000)); // waiting for a limit
    expect(await service.resumeStalled()).toBe(0);
    await seen(new Date(now.getTime() - 10 * 60_000)); // its worker died ten minutes ago
    expect(await service.resumeStalled()).toBe(1);
    expect(await queued()).toBe(before + 1);
    expect(await service.resumeStalled()).toBe(0); // not again while the new run is due

    // A worker that starts takes over at once a campaign whose sender was seen moments ago (it may have died
    // with the worker being restarted), but not one due later.
    await seen(new Date(now.getTime() - 1000));
    expect(await service.resumeStalled({ quietMs: 0 })).toBe(1);
    await seen(new Date(now.getTime() - 1000), new Date(now.getTime() + 3600_000));
    expect(await service.resumeStalled({ quietMs: 0 })).toBe(0);
    await seen(null);
    await run(id);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 2 });
  });
});

describe('the campaign job', () => {
  it('is run from the queue by a worker until the campaign completes', async () => {
    const { token, accountId, templateId, leadIds } = await sender('queued', { count: 5 });
    // The jobs of the campaigns above were run by the tests themselves; only this one's should be waiting.
    await t.database.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'campaigns.send'`);
    // A worker process's container on the same database: it takes the job the web side enqueued.
    const worker = await createContainer(testConfig, t.database, { clock, runsWorkers: true, sleep: async () => {} });
    await worker.jobs.startWorkers({ services: worker.services, log: { info() {}, warn() {} } });
    try {
      const id = await start(token, { accountId, templateId, leadIds });
      const deadline = Date.now() + 20_000;
      while ((await campaign(token, id)).status === 'running' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 5 });
      for (let i = 0; i < 5; i++) expect(recipientsOf(`queued-${i}@leads.test`)).toHaveLength(1);
    } finally {
      await worker.close();
    }
  });
});

describe('stopping a worker', () => {
  it('finishes the mail in flight, leaves no row sending, and another sender goes on without doubles', async () => {
    const { token, accountId, templateId, leadIds } = await sender('stopping', { count: 100 });
    const id = await start(token, { accountId, templateId, leadIds });
    const { services } = t.container;
    const newSender = () =>
      createCampaignSender({
        db: t.database.db,
        clock,
        allowance: services.allowance,
        transports: services.transports,
        linkTokens: createLinkTokens(testConfig.sessionSecret),
        bounceAddresses: createBounceAddresses(testConfig.sessionSecret),
        publicUrl: testConfig.publicUrl,
        mailDomains: services.mailDomains,
        brakes: services.campaignBrakes,
        webhookEvents: services.webhookEvents,
        sleep: async () => {},
      });
    const leaving = newSender();
    const running = leaving.run(id).catch((error: unknown) => error);
    const sentSoFar = () => smtp.received.filter((mail) => mail.envelopeTo[0].startsWith('stopping-')).length;
    while (sentSoFar() < 3) await new Promise((resolve) => setTimeout(resolve, 2));
    leaving.stop();
    expect(await running).toBeInstanceOf(CampaignWaitingError);
    const states = await t.database.db
      .select({ state: campaignRecipients.state })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id));
    expect(states.filter((row) => row.state === 'sending')).toHaveLength(0);
    expect(states.filter((row) => row.state === 'pending').length).toBeGreaterThan(0);

    await newSender().run(id);
    for (let i = 0; i < 100; i++) expect(recipientsOf(`stopping-${i}@leads.test`)).toHaveLength(1);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 100 });
  });
});
