import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../contract/webhook-events';
import { campaignRecipients, emailAccounts, leads } from '../../db/schema';
import { insertWebhookEndpoint, queuedEvents } from '../../test/webhook-deliveries';
import { createCampaignsTestApp } from './campaigns-test-helpers';

const { t, smtp, call, sender, template, start, campaign, run } = await createCampaignsTestApp();
const db = t.database.db;

/** A sender (campaigns-test-helpers.ts) whose endpoint hears of `events` (none: no endpoint at all). */
async function owner(label: string, count: number, events: readonly WebhookEventType[] | null = WEBHOOK_EVENT_TYPES) {
  const made = await sender(label, { count });
  if (events) await insertWebhookEndpoint(db, made.userId, events);
  return made;
}
const types = async (userId: string) => (await queuedEvents(db, userId)).map((event) => event.type);
const rowsOf = (campaignId: number) =>
  db
    .select({
      id: campaignRecipients.id,
      state: campaignRecipients.state,
      sentAt: campaignRecipients.sentAt,
      email: leads.email,
    })
    .from(campaignRecipients)
    .innerJoin(leads, eq(leads.id, campaignRecipients.leadId))
    .where(eq(campaignRecipients.campaignId, campaignId))
    .orderBy(asc(campaignRecipients.id));

describe('webhook events of campaigns and their mails', () => {
  it('queues campaign.started, one email.sent per mail and campaign.completed, each once', async () => {
    // More mails than send loops, so that the loops settle and queue side by side.
    const { token, userId, accountId, templateId, leadIds } = await owner('ev-sent', 12);
    const id = await start(token, { accountId, templateId, leadIds });
    const started = await queuedEvents(db, userId);
    expect(started).toEqual([
      expect.objectContaining({
        type: 'campaign.started',
        data: { campaign: { id, name: 'Intro', status: 'running' } },
      }),
    ]);
    await run(id);
    await run(id);
    const queued = await queuedEvents(db, userId);
    expect(queued.map((event) => event.type)).toEqual([
      'campaign.started',
      ...leadIds.map(() => 'email.sent'),
      'campaign.completed',
    ]);
    const rows = await rowsOf(id);
    expect(rows.map((row) => row.state)).toEqual(leadIds.map(() => 'sent'));
    const sent = queued.filter((event) => event.type === 'email.sent').map((event) => event.data);
    expect(
      sent.sort((a, b) => (a as { email: { id: number } }).email.id - (b as { email: { id: number } }).email.id),
    ).toEqual(
      rows.map((row, i) => ({
        email: { id: row.id, campaignId: id, step: 1, leadId: leadIds[i], to: row.email, subject: `Hello Lead${i}` },
        sentAt: row.sentAt?.toISOString(),
      })),
    );
    expect(queued.at(-1)?.data).toEqual({ campaign: { id, name: 'Intro', status: 'completed' } });
  });

  it('settles every mail sent whether or not a webhook hears of it, and queues only what is subscribed', async () => {
    const partial = await owner('ev-partial', 3, ['campaign.completed']);
    const none = await owner('ev-none', 3, null);
    for (const { token, userId, accountId, templateId, leadIds } of [partial, none]) {
      const id = await start(token, { accountId, templateId, leadIds });
      await run(id);
      expect((await rowsOf(id)).map((row) => row.state)).toEqual(['sent', 'sent', 'sent']);
      expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 3 });
      expect(await types(userId)).toEqual(userId === partial.userId ? ['campaign.completed'] : []);
    }
  });

  it('queues campaign.paused by its owner and campaign.started on resume, once each; a refused one queues none', async () => {
    const { token, userId, accountId, templateId, leadIds } = await owner('ev-pause', 2);
    const id = await start(token, { accountId, templateId, leadIds });
    expect((await call('POST', `/api/campaigns/${id}/pause`, token)).statusCode).toBe(200);
    expect((await call('POST', `/api/campaigns/${id}/pause`, token)).statusCode).toBe(400);
    let queued = await queuedEvents(db, userId);
    expect(queued.map((event) => event.type)).toEqual(['campaign.started', 'campaign.paused']);
    expect(queued[1].data).toEqual({
      campaign: { id, name: 'Intro', status: 'paused' },
      reason: 'Paused by its owner',
    });
    expect((await call('POST', `/api/campaigns/${id}/resume`, token, {})).statusCode).toBe(200);
    expect((await call('POST', `/api/campaigns/${id}/resume`, token, {})).statusCode).toBe(400);
    queued = await queuedEvents(db, userId);
    expect(queued.map((event) => event.type)).toEqual(['campaign.started', 'campaign.paused', 'campaign.started']);
    expect(queued[2].data).toEqual({ campaign: { id, name: 'Intro', status: 'running' } });
  });

  it('queues nothing when the pause rolls back', async () => {
    const { token, userId, accountId, templateId, leadIds } = await owner('ev-rollback', 1);
    const id = await start(token, { accountId, templateId, leadIds });
    await db.execute(sql`CREATE FUNCTION h2_refuse_pause() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await db.execute(
      sql`CREATE TRIGGER h2_refuse_pause AFTER INSERT ON webhook_deliveries
          FOR EACH STATEMENT EXECUTE FUNCTION h2_refuse_pause()`,
    );
    try {
      expect((await call('POST', `/api/campaigns/${id}/pause`, token)).statusCode).toBe(500);
    } finally {
      await db.execute(sql`DROP TRIGGER h2_refuse_pause ON webhook_deliveries`);
      await db.execute(sql`DROP FUNCTION h2_refuse_pause()`);
    }
    expect(await campaign(token, id)).toMatchObject({ status: 'running' });
    expect(await types(userId)).toEqual(['campaign.started']);
    expect((await call('POST', `/api/campaigns/${id}/pause`, token)).statusCode).toBe(200);
    expect(await types(userId)).toEqual(['campaign.started', 'campaign.paused']);
  });

  it('queues campaign.paused with the brake’s words when a brake stops the campaign, once', async () => {
    const { token, userId, accountId, templateId, leadIds } = await owner('ev-brake', 1);
    const id = await start(token, { accountId, templateId, leadIds });
    const { campaignBrakes } = t.container.services;
    expect(await campaignBrakes.blocked(id, '554 5.7.1 Sending refused')).toBe(true);
    expect(await campaignBrakes.blocked(id, '554 5.7.1 Sending refused')).toBe(false);
    const queued = await queuedEvents(db, userId);
    expect(queued.map((event) => event.type)).toEqual(['campaign.started', 'campaign.paused']);
    expect(queued[1].data).toEqual({
      campaign: { id, name: 'Intro', status: 'paused' },
      reason: (await campaign(token, id)).waitingReason,
    });
    expect((queued[1].data as { reason: string }).reason).toContain('554 5.7.1 Sending refused');
  });

  it('queues email.bounced (hard) and lead.bounced when the recipient’s server says the mailbox does not exist', async () => {
    const { token, userId, accountId, templateId, leadIds } = await owner('ev-bounce', 2);
    smtp.failRecipient('ev-bounce-0@leads.test', 550, '5.1.1 User unknown');
    const id = await start(token, { accountId, templateId, leadIds });
    await run(id);
    const queued = await queuedEvents(db, userId);
    expect(queued.map((event) => event.type).sort()).toEqual(
      ['campaign.started', 'email.bounced', 'lead.bounced', 'email.sent', 'campaign.completed'].sort(),
    );
    const [bouncedRow] = await rowsOf(id);
    expect(queued.find((event) => event.type === 'email.bounced')?.data).toEqual({
      email: {
        id: bouncedRow.id,
        campaignId: id,
        step: 1,
        leadId: leadIds[0],
        to: 'ev-bounce-0@leads.test',
        subject: 'Hello Lead0',
      },
      lead: expect.objectContaining({ id: leadIds[0], status: 'bounced' }),
      bounceType: 'hard',
      reason: expect.stringContaining('5.1.1'),
    });
    expect(queued.find((event) => event.type === 'lead.bounced')?.data).toMatchObject({
      lead: { id: leadIds[0], status: 'bounced' },
      reason: expect.stringContaining('5.1.1'),
    });
  });

  it('queues mailbox.error once when the mailbox refuses the sign-in, with the words its card shows', async () => {
    const { token, userId, accountId, templateId, leadIds } = await sender('ev-locked', {
      count: 2,
      smtpPassword: 'changed',
    });
    await insertWebhookEndpoint(db, userId, WEBHOOK_EVENT_TYPES);
    const id = await start(token, { accountId, templateId, leadIds });
    await run(id);
    const [account] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
    expect(account.status).toBe('error');
    // Refused again: the mailbox was in error already.
    await expect(
      t.container.services.transports.send(account, {
        from: { name: 'Owner', address: account.email },
        to: 'someone@leads.test',
        subject: 'Again',
        text: 'Again',
        html: '<p>Again</p>',
        messageId: '<again@smtp.test>',
      }),
    ).rejects.toThrow();
    const queued = await queuedEvents(db, userId);
    expect(queued.map((event) => event.type)).toEqual(['campaign.started', 'mailbox.error', 'campaign.paused']);
    expect(queued[1].data).toEqual({
      mailbox: { id: accountId, email: account.email },
      message: account.statusReason,
    });
    expect(queued[2].data).toMatchObject({
      campaign: { id, status: 'paused' },
      reason: expect.stringMatching(/^Sending stopped: .* refused the sign-in/),
    });
  });

  it('queues campaign.completed once when a sequence is over', async () => {
    const { token, userId, accountId, templateId, leadIds } = await owner('ev-sequence', 1);
    const second = await template(token, { name: 'Second', subject: 'Following up' });
    const id = await start(token, {
      accountId,
      templateId,
      leadIds,
      sequence: { cadence: 'weekly', steps: [{ templateId }, { templateId: second }] },
    });
    await run(id);
    expect(await types(userId)).toEqual(['campaign.started', 'email.sent']);
    // The lead leaves before step 2: no lead can get another step, and nothing waits to be sent.
    await db.update(leads).set({ status: 'unsubscribed' }).where(eq(leads.id, leadIds[0]));
    expect((await t.container.services.sequences.advance()).finished).toBe(1);
    await t.container.services.sequences.advance();
    const queued = await queuedEvents(db, userId);
    expect(queued.map((event) => event.type)).toEqual(['campaign.started', 'email.sent', 'campaign.completed']);
    expect(queued[2].data).toEqual({ campaign: { id, name: 'Intro', status: 'completed' } });
  });

  it('queues campaign.started when leads added to a completed campaign start it again', async () => {
    const { token, userId, accountId, templateId, leadIds } = await owner('ev-again', 2);
    const id = await start(token, { accountId, templateId, leadIds: leadIds.slice(0, 1) });
    await run(id);
    const added = await call('POST', `/api/campaigns/${id}/leads`, token, { leadIds: [leadIds[1]] });
    expect(added.statusCode, added.body).toBe(200);
    const queued = await queuedEvents(db, userId);
    expect(queued.map((event) => event.type)).toEqual([
      'campaign.started',
      'email.sent',
      'campaign.completed',
      'campaign.started',
    ]);
    expect(queued[3].data).toEqual({ campaign: { id, name: 'Intro', status: 'running' } });
    await expect(run(id)).resolves.toBeUndefined();
  });
});
