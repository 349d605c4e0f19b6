import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../../contract/webhook-events';
import { inboundMessages } from '../../db/schema';
import { testConfig } from '../../test/app';
import {
  complaintReport,
  createRepliesFixture,
  deliveryReport,
  prospectMail,
  type RepliesFixture,
} from '../../test/replies-fixture';
import { clearQueuedEvents, insertWebhookEndpoint, queuedEvents } from '../../test/webhook-deliveries';

let f: RepliesFixture;
let endpointId: number;
beforeAll(async () => {
  f = await createRepliesFixture({ email: 'owner@inbound-events.test', leads: 9 });
  endpointId = await insertWebhookEndpoint(f.t.database.db, f.userId, WEBHOOK_EVENT_TYPES);
});
afterAll(async () => {
  await f?.close();
});
beforeEach(async () => {
  await clearQueuedEvents(f.t.database.db, f.userId);
});

const take = (source: string) => f.t.container.services.inbound.take(f.account, Buffer.from(source));
const events = () => queuedEvents(f.t.database.db, f.userId);
const deliveryJobs = async () =>
  (
    (await f.t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhooks.deliver'`,
    )) as unknown as { rows: Array<{ n: number }> }
  ).rows[0].n;
const storedId = async (messageId: string) =>
  (await f.t.database.db.select().from(inboundMessages).where(eq(inboundMessages.messageId, messageId)))[0]?.id;

describe('webhook events of the mail read from a connected mailbox', () => {
  it('queues email.replied once per reply, with its words, its priority and its link in the Replies screen', async () => {
    const sent = await f.sentTo(0);
    const reply = prospectMail({
      from: 'Lead Zero <lead-0@prospects.test>',
      subject: 'Re: Homes near you, Lead0',
      text: 'Yes! Can we talk on Thursday? What is the price?\n\nOn Mon, Sender wrote:\n> Hi Lead0, shall we talk?',
      messageId: '<ev-r0@prospects.test>',
      inReplyTo: sent.messageId,
    });
    expect(await take(reply)).toEqual({ outcome: 'taken', kind: 'reply' });
    const replyId = await storedId('<ev-r0@prospects.test>');
    const queued = await events();
    expect(queued.map((event) => event.type)).toEqual(['email.replied']);
    expect(queued[0].data).toEqual({
      email: {
        id: sent.id,
        campaignId: f.campaignId,
        step: 1,
        leadId: f.leadIds[0],
        to: 'lead-0@prospects.test',
        subject: expect.any(String),
      },
      lead: expect.objectContaining({ id: f.leadIds[0], email: 'lead-0@prospects.test', status: 'active' }),
      reply: {
        id: replyId,
        from: 'lead-0@prospects.test',
        subject: 'Re: Homes near you, Lead0',
        text: 'Yes! Can we talk on Thursday? What is the price?',
        priority: 'hot',
        receivedAt: '2026-11-23T10:00:00.000Z',
        url: `${testConfig.publicUrl}/replies?reply=${replyId}`,
      },
    });

    // Read again: taken in once, told once.
    expect(await take(reply)).toEqual({ outcome: 'duplicate' });
    expect(await events()).toHaveLength(1);
  });

  it('also queues lead.unsubscribed when a reply asks for no more mail, and only the first time', async () => {
    const sent = await f.sentTo(1);
    const asking = (n: number) =>
      prospectMail({
        from: 'lead-1@prospects.test',
        subject: 'Re: hello',
        text: 'Not interested, please remove me from your list.',
        messageId: `<ev-unsub-${n}@prospects.test>`,
        inReplyTo: sent.messageId,
      });
    await take(asking(1));
    const queued = await events();
    expect(queued.map((event) => event.type)).toEqual(['email.replied', 'lead.unsubscribed']);
    expect(queued[1].data).toMatchObject({ lead: { id: f.leadIds[1], status: 'unsubscribed' } });
    // Asked again: a second reply, but the lead was unsubscribed already.
    await clearQueuedEvents(f.t.database.db, f.userId);
    await take(asking(2));
    expect((await events()).map((event) => event.type)).toEqual(['email.replied']);
  });

  it('queues email.bounced (hard) and lead.bounced for a permanent failure; the lead bounces once', async () => {
    const sent = await f.sentTo(2);
    await take(deliveryReport('lead-2@prospects.test', sent.messageId, '5.1.1'));
    const queued = await events();
    expect(queued.map((event) => event.type)).toEqual(['email.bounced', 'lead.bounced']);
    expect(queued[0].data).toMatchObject({
      email: { id: sent.id, campaignId: f.campaignId, to: 'lead-2@prospects.test' },
      lead: { id: f.leadIds[2], status: 'bounced' },
      bounceType: 'hard',
      reason: expect.stringContaining('5.1.1'),
    });
    expect(queued[1].data).toMatchObject({
      lead: { id: f.leadIds[2], status: 'bounced' },
      reason: expect.stringMatching(/^The email bounced\./),
    });

    await clearQueuedEvents(f.t.database.db, f.userId);
    await take(deliveryReport('lead-2@prospects.test', sent.messageId, '5.1.1'));
    expect((await events()).map((event) => event.type)).toEqual(['email.bounced']);
  });

  it('queues a soft email.bounced for a passing refusal, and nothing for a delay notice', async () => {
    const sent = await f.sentTo(3);
    await take(deliveryReport('lead-3@prospects.test', sent.messageId, '4.2.2', 'delayed'));
    expect(await events()).toEqual([]);
    await take(deliveryReport('lead-3@prospects.test', sent.messageId, '4.2.2'));
    const queued = await events();
    expect(queued.map((event) => event.type)).toEqual(['email.bounced']);
    expect(queued[0].data).toMatchObject({ bounceType: 'soft', lead: { status: 'active' }, email: { id: sent.id } });
  });

  it('queues email.complained and lead.unsubscribed for a spam complaint', async () => {
    const sent = await f.sentTo(4);
    await take(complaintReport('lead-4@prospects.test', sent.messageId));
    const queued = await events();
    expect(queued.map((event) => event.type)).toEqual(['email.complained', 'lead.unsubscribed']);
    expect(queued[0].data).toMatchObject({
      email: { id: sent.id },
      lead: { id: f.leadIds[4], status: 'unsubscribed' },
    });
  });

  it('queues nothing for an automatic reply, nor for events the endpoint does not subscribe to', async () => {
    const sent = await f.sentTo(5);
    await take(
      prospectMail({
        from: 'lead-5@prospects.test',
        subject: 'Out of Office: Homes near you',
        text: 'I am out of the office until December 1 with limited access to email.',
        messageId: '<ev-ooo@prospects.test>',
        inReplyTo: sent.messageId,
        headers: ['Auto-Submitted: auto-replied'],
      }),
    );
    expect(await events()).toEqual([]);

    await f.t.database.db.execute(
      sql`UPDATE webhook_endpoints SET events = ARRAY['lead.created'] WHERE id = ${endpointId}`,
    );
    try {
      await take(
        prospectMail({
          from: 'lead-5@prospects.test',
          subject: 'Re: hello',
          text: 'Sounds good, call me.',
          messageId: '<ev-unsubscribed-endpoint@prospects.test>',
          inReplyTo: sent.messageId,
        }),
      );
      expect(await storedId('<ev-unsubscribed-endpoint@prospects.test>')).toBeDefined();
      expect(await events()).toEqual([]);
    } finally {
      await f.t.database.db.execute(
        sql`UPDATE webhook_endpoints SET events = ${sql.param([...WEBHOOK_EVENT_TYPES])}::text[] WHERE id = ${endpointId}`,
      );
    }
  });

  it('queues nothing when taking the message in rolls back, and its events once it is taken in', async () => {
    const sent = await f.sentTo(6);
    const reply = prospectMail({
      from: 'lead-6@prospects.test',
      subject: 'Re: hello',
      text: 'Please unsubscribe me.',
      messageId: '<ev-rollback@prospects.test>',
      inReplyTo: sent.messageId,
    });
    const jobsBefore = await deliveryJobs();
    // The transaction fails at its last step, after its events were queued.
    await f.t.database.db.execute(sql`CREATE FUNCTION h2_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await f.t.database.db.execute(
      sql`CREATE TRIGGER h2_refuse AFTER INSERT ON webhook_deliveries FOR EACH STATEMENT EXECUTE FUNCTION h2_refuse()`,
    );
    try {
      await expect(take(reply)).rejects.toThrow(/INSERT INTO webhook_deliveries/);
    } finally {
      await f.t.database.db.execute(sql`DROP TRIGGER h2_refuse ON webhook_deliveries`);
      await f.t.database.db.execute(sql`DROP FUNCTION h2_refuse()`);
    }
    expect(await storedId('<ev-rollback@prospects.test>')).toBeUndefined();
    expect((await f.lead(6)).status).toBe('active');
    expect(await events()).toEqual([]);
    expect(await deliveryJobs()).toBe(jobsBefore);

    expect(await take(reply)).toEqual({ outcome: 'taken', kind: 'reply' });
    expect((await events()).map((event) => event.type)).toEqual(['email.replied', 'lead.unsubscribed']);
  });

  it('queues nothing for a user without an endpoint', async () => {
    await f.t.database.db.execute(sql`UPDATE webhook_endpoints SET disabled_at = now() WHERE id = ${endpointId}`);
    try {
      const sent = await f.sentTo(7);
      await take(complaintReport('lead-7@prospects.test', sent.messageId));
      expect((await f.lead(7)).status).toBe('unsubscribed');
      const { rows } = (await f.t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE user_id = ${f.userId}`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(rows[0].n).toBe(0);
    } finally {
      await f.t.database.db.execute(sql`UPDATE webhook_endpoints SET disabled_at = NULL WHERE id = ${endpointId}`);
    }
  });
});
