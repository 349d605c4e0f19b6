import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, expect } from 'vitest';
import { campaignRecipients, emailAccounts, inboundMessages, leads } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { startRecordingSmtpPeer } from '../../test/recording-smtp-peer';
import { seedSmtpAccount } from '../../test/seed-smtp-account';
import { startSmtpPeer } from '../../test/smtp-peer';

/** What the responses route tests (responses-*.routes.test.ts) share: one app and two SMTP peers per file. */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

/** Where the clock stands before each test: 15:00 UTC on a Monday. */
export const MONDAY_AFTERNOON = new Date('2026-11-23T15:00:00Z');

/** A file's test clock: its own `now` variable, which its tests move by assigning to it. */
export type TestTime = { read: () => Date; set: (at: Date) => void };

export const at = (iso: string) => new Date(iso);

/**
 * A real app on a fresh database, an SMTP peer and a recording SMTP peer for the calling test file, closed after
 * its tests. The clock reads `time` (the file's `now`), put back to MONDAY_AFTERNOON before each test.
 */
export async function createResponsesTestApp(time: TestTime) {
  const clock = { now: () => time.read() };
  const [t, smtp, recording] = await Promise.all([
    createTestApp({ authRateLimitPerMinute: 10_000 }, { clock }),
    startSmtpPeer(),
    startRecordingSmtpPeer(),
  ]);
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    await recording.stop();
  });
  beforeEach(() => {
    time.set(MONDAY_AFTERNOON);
  });

  const call = (method: Method, url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });

  /**
   * A user who ran a real campaign to `count` leads through an SMTP peer (so each lead has a sent mail with our
   * Message-ID), ready to receive replies.
   */
  async function owner(
    label: string,
    options: { count?: number; dailyLimit?: number; peer?: 'smtp' | 'recording' } = {},
  ) {
    const token = await registerUser(t.app, `${label}@responses.test`);
    const userId = (await getCurrentUser(t.app, token)).json().id as string;
    await call('POST', '/api/leads/upload-csv', token, {
      csvData: Array.from({ length: options.count ?? 1 }, (_, i) => ({
        email: `${label}-${i}@leads.test`,
        first_name: `Lead${i}`,
        company: `Company ${i}`,
      })),
      firstRowNumber: 2,
    });
    await call('PUT', '/api/user/profile', token, { postalAddress: '1 Harbor Way, Austin, TX 78701' });
    const peer = options.peer === 'recording' ? recording : smtp;
    const accountId = await seedSmtpAccount(t.database.db, userId, peer, { email: `${label}@smtp.test` });
    const template = await call('POST', '/api/templates', token, {
      name: 'Intro',
      subject: 'Hello {firstName|there}',
      body: '<p>Hi {firstName}, a note for {company}.</p>',
      status: 'active',
    });
    const leadIds = (
      await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.userId, userId)).orderBy(leads.id)
    ).map((row) => row.id);
    const started = await call('POST', '/api/campaigns/send-mass-email', token, {
      accountId,
      templateId: template.json().id,
      leadIds,
    });
    expect(started.statusCode, started.body).toBe(200);
    await t.container.services.campaignSender.run(started.json().campaignId);
    const sent = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.userId, userId))
      .orderBy(campaignRecipients.id);
    expect(sent.map((row) => row.state)).toEqual(leadIds.map(() => 'sent'));
    if (options.dailyLimit !== undefined) {
      await t.database.db
        .update(emailAccounts)
        .set({ dailyLimit: options.dailyLimit })
        .where(eq(emailAccounts.id, accountId));
    }
    return { token, userId, accountId, leadIds, sent };
  }

  let prospectMessages = 0;

  /** A prospect's reply to the campaign mail of lead `index`, stored as the inbound reader stores one. */
  async function reply(
    who: Awaited<ReturnType<typeof owner>>,
    index: number,
    fields: Partial<typeof inboundMessages.$inferInsert> & { words?: string } = {},
  ) {
    const mail = who.sent[index];
    const { words = 'Sounds good, can we talk on Thursday?', ...rest } = fields;
    const [row] = await t.database.db
      .insert(inboundMessages)
      .values({
        userId: who.userId,
        accountId: who.accountId,
        messageId: `<prospect-${++prospectMessages}@leads.test>`,
        kind: 'reply',
        leadId: mail.leadId,
        recipientId: mail.id,
        fromAddress: await leadEmail(mail.leadId as number),
        subject: `Re: ${mail.subject}`,
        bodyText: `${words}\n\nOn Mon, Nov 23, 2026 Sales <x@smtp.test> wrote:\n> Hi Lead${index}, a note.`,
        replyText: words,
        threadIds: [mail.messageId ?? ''],
        receivedAt: time.read(),
        priority: 'hot',
        priorityReason: 'Wants a call or a meeting',
        followupRequired: true,
        ...rest,
      })
      .returning();
    return row;
  }

  /** The lead's address (the campaign rows name the lead, not the address). */
  async function leadEmail(leadId: number) {
    const [lead] = await t.database.db.select({ email: leads.email }).from(leads).where(eq(leads.id, leadId));
    return lead.email;
  }

  return { t, smtp, recording, call, owner, reply, leadEmail };
}

/** A user who ran a campaign, as `owner` of createResponsesTestApp answers one. */
export type Owner = Awaited<ReturnType<Awaited<ReturnType<typeof createResponsesTestApp>>['owner']>>;
