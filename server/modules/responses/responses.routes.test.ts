import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESPONSE_MESSAGES } from '../../../contract/responses';
import { campaignRecipients, emailAccounts, inboundMessages, leads } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { type RecordingSmtpPeer, startRecordingSmtpPeer } from '../../test/recording-smtp-peer';
import { seedSmtpAccount } from '../../test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';
import { ACCOUNT_GONE } from './responses.service';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

let now = new Date('2026-11-23T15:00:00Z'); // a Monday
const clock = { now: () => now };
let t: TestApp;
let smtp: SmtpPeer;
let recording: RecordingSmtpPeer;

const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });

beforeAll(async () => {
  [t, smtp, recording] = await Promise.all([
    createTestApp({ authRateLimitPerMinute: 10_000 }, { clock }),
    startSmtpPeer(),
    startRecordingSmtpPeer(),
  ]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await recording?.stop();
});
beforeEach(() => {
  now = new Date('2026-11-23T15:00:00Z');
});

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

type Owner = Awaited<ReturnType<typeof owner>>;

let prospectMessages = 0;

/** A prospect's reply to the campaign mail of lead `index`, stored as the inbound reader stores one. */
async function reply(
  who: Owner,
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
      receivedAt: now,
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

const at = (iso: string) => new Date(iso);

describe('GET /api/responses and /api/followups/count', () => {
  let who: Owner;
  let rows: Awaited<ReturnType<typeof reply>>[];
  beforeAll(async () => {
    who = await owner('lister', { count: 4 });
    rows = [
      await reply(who, 0, { receivedAt: at('2026-11-20T09:00:00Z'), priority: 'medium' }),
      await reply(who, 1, { receivedAt: at('2026-11-21T09:00:00Z'), priority: 'hot' }),
      await reply(who, 2, {
        receivedAt: at('2026-11-22T09:00:00Z'),
        priority: 'high',
        followupCompleted: true,
      }),
      await reply(who, 3, {
        receivedAt: at('2026-11-22T10:00:00Z'),
        priority: 'other',
        followupRequired: false,
        words: 'Please remove me from your list.',
        unsubscribeRequest: true,
      }),
    ];
    // Not replies: a bounce is never a response.
    await reply(who, 0, { kind: 'bounce', receivedAt: at('2026-11-23T09:00:00Z'), priority: null });
  });

  it('answers SPEC’s call: replies needing a follow-up, newest first, with the lead and our mail rendered', async () => {
    const response = await call('GET', '/api/responses?followupRequired=true&limit=10', who.token);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((item: { id: number }) => item.id)).toEqual([rows[1].id, rows[0].id]);
    expect(list[0]).toEqual({
      id: rows[1].id,
      priority: 'hot',
      priorityReason: 'Wants a call or a meeting',
      receivedAt: '2026-11-21T09:00:00.000Z',
      subject: 'Re: Hello Lead1',
      body: 'Sounds good, can we talk on Thursday?',
      followupRequired: true,
      followupCompleted: false,
      unsubscribeRequest: false,
      meetingBookedAt: null,
      leadId: who.leadIds[1],
      lead: { firstName: 'Lead1', lastName: null, email: 'lister-1@leads.test', company: 'Company 1' },
      sentEmail: { subject: 'Hello Lead1', body: 'Hi Lead1, a note for Company 1.' },
      truncated: false,
    });
  });

  it('lists every reply without filters, pages, and filters by priority and status', async () => {
    const ids = async (query: string) =>
      (await call('GET', `/api/responses${query}`, who.token)).json().map((item: { id: number }) => item.id);
    expect(await ids('')).toEqual([rows[3].id, rows[2].id, rows[1].id, rows[0].id]);
    expect(await ids('?limit=2')).toEqual([rows[3].id, rows[2].id]);
    expect(await ids('?limit=2&offset=2')).toEqual([rows[1].id, rows[0].id]);
    expect(await ids('?priority=high')).toEqual([rows[2].id]);
    expect(await ids('?status=pending')).toEqual([rows[1].id, rows[0].id]);
    expect(await ids('?status=completed')).toEqual([rows[2].id]);
    expect(await ids('?followupRequired=false')).toEqual([rows[3].id]);
    const unsubscribed = (await call('GET', '/api/responses?priority=other', who.token)).json()[0];
    expect(unsubscribed).toMatchObject({ unsubscribeRequest: true, body: 'Please remove me from your list.' });
  });

  it('refuses a bad query with a 400', async () => {
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?priority=urgent', '?status=open']) {
      expect((await call('GET', `/api/responses${query}`, who.token)).statusCode, query).toBe(400);
    }
  });

  it('counts the replies still waiting, the user’s own only', async () => {
    expect((await call('GET', '/api/followups/count', who.token)).json()).toEqual({ count: 2 });
    const stranger = await registerUser(t.app, 'stranger-list@responses.test');
    expect((await call('GET', '/api/followups/count', stranger)).json()).toEqual({ count: 0 });
    expect((await call('GET', '/api/responses', stranger)).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/followups/count' })).statusCode).toBe(401);
  });
});

describe('POST /api/responses/{id}/reply', () => {
  it('answers through the same mailbox, in the thread, and completes the follow-up', async () => {
    const who = await owner('answer');
    const prospect = await reply(who, 0);
    smtp.received.length = 0;

    const response = await call('POST', `/api/responses/${prospect.id}/reply`, who.token, {
      body: 'Thursday at 10 works.\n\nTalk soon,\nDana',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: RESPONSE_MESSAGES.replySent });

    expect(smtp.received).toHaveLength(1);
    const { mail, envelopeTo } = smtp.received[0];
    expect(envelopeTo).toEqual(['answer-0@leads.test']);
    expect(mail.from?.value).toEqual([{ name: 'Sales', address: 'answer@smtp.test' }]);
    // The prospect's subject already starts with "Re:": no second one.
    expect(mail.subject).toBe('Re: Hello Lead0');
    expect(mail.inReplyTo).toBe(prospect.messageId);
    expect(mail.references).toEqual([who.sent[0].messageId, prospect.messageId]);
    expect(mail.text).toContain('Thursday at 10 works.');
    expect(mail.text).toContain('> Sounds good, can we talk on Thursday?');

    const [row] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.userId, who.userId), eq(campaignRecipients.kind, 'reply')));
    expect(mail.messageId).toMatch(new RegExp(`^<reply-${row.id}\\.[0-9a-f]{16}@smtp\\.test>$`));
    expect(row).toMatchObject({
      state: 'sent',
      attempts: 1,
      leadId: who.leadIds[0],
      accountId: who.accountId,
      subject: 'Re: Hello Lead0',
      bodyText: 'Thursday at 10 works.\n\nTalk soon,\nDana',
      inboundId: prospect.id,
      messageId: mail.messageId,
      sentAt: now,
      lastError: null,
    });
    const [account] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, who.accountId));
    expect(account.sentToday).toBe(2); // the campaign mail and the answer

    const [done] = (await call('GET', `/api/responses?status=completed`, who.token)).json();
    expect(done).toMatchObject({ id: prospect.id, followupCompleted: true });
    expect((await call('GET', '/api/followups/count', who.token)).json()).toEqual({ count: 0 });
  });

  it('commits the row as sending before the mail leaves, and sent once the mailbox took it', async () => {
    const who = await owner('ordered', { peer: 'recording' });
    const prospect = await reply(who, 0);
    recording.hold();
    const answering = call('POST', `/api/responses/${prospect.id}/reply`, who.token, { body: 'Happy to.' });
    try {
      await expect.poll(() => recording.unanswered(), { timeout: 5_000 }).toBe(1);
      const inFlight = recording.messages.at(-1);
      const [row] = await t.database.db
        .select()
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.userId, who.userId), eq(campaignRecipients.kind, 'reply')));
      expect(row).toMatchObject({ state: 'sending', claimedAt: now, messageId: inFlight?.messageId, sentAt: null });
    } finally {
      recording.release();
    }
    expect((await answering).statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ state: campaignRecipients.state })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.userId, who.userId), eq(campaignRecipients.kind, 'reply')));
    expect(row.state).toBe('sent');
  });

  it('settles a reply a stopped process left mid-send as unknown, which keeps the lead in later campaigns', async () => {
    const who = await owner('interrupted');
    const prospect = await reply(who, 0);
    // The process claimed the reply and died before it learnt whether the mail went.
    const [interrupted] = await t.database.db
      .insert(campaignRecipients)
      .values({
        kind: 'reply',
        userId: who.userId,
        leadId: who.sent[0].leadId,
        accountId: who.accountId,
        inboundId: prospect.id,
        state: 'sending',
        attempts: 1,
        subject: 'Re: Hello',
        claimedAt: now,
      })
      .returning();
    const services = t.container.services;
    expect(await services.responses.settleInterrupted()).toBe(0);
    now = new Date(now.getTime() + 10 * 60_000);
    expect(await services.responses.settleInterrupted()).toBe(1);
    const [settled] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.id, interrupted.id));
    expect(settled.state).toBe('unknown');
    expect(settled.lastError).toMatch(/may or may not have gone/);

    // An answer in doubt is not a campaign mail in doubt: the lead still gets next week's campaign (the first
    // mail is moved to last week, as sessions do not outlive a week's jump of the clock).
    await t.database.db
      .update(campaignRecipients)
      .set({ sentWeek: '2026-W47' })
      .where(eq(campaignRecipients.id, who.sent[0].id));
    const template = await call('POST', '/api/templates', who.token, {
      name: 'Second',
      subject: 'Again',
      body: '<p>Again.</p>',
      status: 'active',
    });
    const started = await call('POST', '/api/campaigns/send-mass-email', who.token, {
      accountId: who.accountId,
      templateId: template.json().id,
      leadIds: [who.sent[0].leadId],
    });
    expect(started.statusCode, started.body).toBe(200);
    const campaign = (await call('GET', `/api/campaigns/${started.json().campaignId}`, who.token)).json();
    expect(campaign).toMatchObject({ totalEmails: 1, emailsSkipped: 0 });
  });

  it('keeps to the daily limit: at the limit nothing is sent and the follow-up stays open', async () => {
    // The campaign mail used the one send of the day.
    const who = await owner('limited', { dailyLimit: 1 });
    const prospect = await reply(who, 0);
    const before = smtp.received.length;
    const response = await call('POST', `/api/responses/${prospect.id}/reply`, who.token, { body: 'Sure.' });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      message: 'limited@smtp.test has reached its daily limit of 1 emails. Sending resumes after midnight.',
    });
    expect(smtp.received).toHaveLength(before);
    const replies = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.userId, who.userId), eq(campaignRecipients.kind, 'reply')));
    expect(replies).toEqual([]);
    expect((await call('GET', '/api/followups/count', who.token)).json()).toEqual({ count: 1 });
  });

  it('records a refused mail as failed with the reason, gives the send back, and leaves the follow-up open', async () => {
    const who = await owner('refused');
    const prospect = await reply(who, 0);
    smtp.failRecipient('refused-0@leads.test', 550, '5.1.1 No such mailbox');
    const response = await call('POST', `/api/responses/${prospect.id}/reply`, who.token, { body: 'Sure.' });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain('5.1.1 No such mailbox');
    const [row] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.userId, who.userId), eq(campaignRecipients.kind, 'reply')));
    expect(row.state).toBe('failed');
    expect(row.lastError).toContain('5.1.1 No such mailbox');
    const [account] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, who.accountId));
    expect(account.sentToday).toBe(1);
    expect((await call('GET', '/api/followups/count', who.token)).json()).toEqual({ count: 1 });
  });

  it('says so when the mailbox the reply came to is gone, and refuses an empty reply', async () => {
    const who = await owner('gone');
    const prospect = await reply(who, 0);
    const empty = await call('POST', `/api/responses/${prospect.id}/reply`, who.token, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(RESPONSE_MESSAGES.emptyReply);

    await t.database.db.delete(emailAccounts).where(eq(emailAccounts.id, who.accountId));
    const response = await call('POST', `/api/responses/${prospect.id}/reply`, who.token, { body: 'Sure.' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: ACCOUNT_GONE });
  });
});

describe('GET /api/responses/{id}/details', () => {
  it('answers the thread oldest first: our mail, each of the prospect’s replies without quotes, our answers', async () => {
    const who = await owner('thread', { count: 2 });
    const address = await leadEmail(who.leadIds[0]);
    const first = await reply(who, 0, { receivedAt: at('2026-11-23T16:00:00Z') });
    // Another lead's reply is not in this thread.
    await reply(who, 1, { receivedAt: at('2026-11-23T16:30:00Z') });
    now = at('2026-11-23T17:00:00Z');
    expect(
      (await call('POST', `/api/responses/${first.id}/reply`, who.token, { body: 'Thursday 10am?' })).statusCode,
    ).toBe(200);
    const second = await reply(who, 0, {
      receivedAt: at('2026-11-23T18:00:00Z'),
      subject: 'Re: Hello Lead0',
      words: 'Perfect, see you then.',
    });

    const response = await call('GET', `/api/responses/${second.id}/details`, who.token);
    expect(response.statusCode).toBe(200);
    const details = response.json();
    expect(details).toMatchObject({ id: second.id, body: 'Perfect, see you then.', priority: 'hot' });
    expect(
      details.thread.map((message: { direction: string; body: string; from: string; to: string }) => [
        message.direction,
        message.from,
        message.to,
        message.body,
      ]),
    ).toEqual([
      ['outbound', 'thread@smtp.test', address, 'Hi Lead0, a note for Company 0.'],
      ['inbound', address, 'thread@smtp.test', 'Sounds good, can we talk on Thursday?'],
      ['outbound', 'thread@smtp.test', address, 'Thursday 10am?'],
      ['inbound', address, 'thread@smtp.test', 'Perfect, see you then.'],
    ]);
    expect(details.thread[0]).toMatchObject({ subject: 'Hello Lead0', id: `outbound-${who.sent[0].id}` });
    expect(details.thread[3]).toMatchObject({ id: `inbound-${second.id}`, at: '2026-11-23T18:00:00.000Z' });
  });
});

describe('follow-up, priority and meeting', () => {
  it('marks a follow-up complete, once, and the count drops', async () => {
    const who = await owner('complete');
    const prospect = await reply(who, 0);
    expect((await call('GET', '/api/followups/count', who.token)).json()).toEqual({ count: 1 });
    const response = await call('POST', `/api/responses/${prospect.id}/complete-followup`, who.token, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RESPONSE_MESSAGES.completed });
    expect((await call('GET', '/api/followups/count', who.token)).json()).toEqual({ count: 0 });
    expect((await call('GET', '/api/responses?followupRequired=true', who.token)).json()).toEqual([]);
    const [row] = await t.database.db.select().from(inboundMessages).where(eq(inboundMessages.id, prospect.id));
    expect(row).toMatchObject({ followupCompleted: true, followupCompletedAt: now });
    // Again later: still complete since the first time.
    now = at('2026-11-24T09:00:00Z');
    await call('POST', `/api/responses/${prospect.id}/complete-followup`, who.token, {});
    const [again] = await t.database.db.select().from(inboundMessages).where(eq(inboundMessages.id, prospect.id));
    expect(again.followupCompletedAt).toEqual(at('2026-11-23T15:00:00Z'));
  });

  it('re-prioritises by hand and books or unbooks a meeting', async () => {
    const who = await owner('patch');
    const prospect = await reply(who, 0);
    const patch = (payload: object) => call('PATCH', `/api/responses/${prospect.id}`, who.token, payload);

    const reprioritised = await patch({ priority: 'medium' });
    expect(reprioritised.statusCode).toBe(200);
    expect(reprioritised.json()).toMatchObject({ id: prospect.id, priority: 'medium', priorityReason: 'Set by hand' });

    const booked = (await patch({ meetingBooked: true })).json();
    expect(booked).toMatchObject({ priority: 'medium', meetingBookedAt: '2026-11-23T15:00:00.000Z' });
    now = at('2026-11-25T09:00:00Z');
    expect((await patch({ meetingBooked: true })).json().meetingBookedAt).toBe('2026-11-23T15:00:00.000Z');
    expect((await patch({ meetingBooked: false })).json().meetingBookedAt).toBeNull();
    expect((await patch({ priority: 'urgent' })).statusCode).toBe(400);
  });

  it('answers 404 for another user’s response and for ids that are not ids, everywhere', async () => {
    const who = await owner('private');
    const prospect = await reply(who, 0);
    const stranger = await registerUser(t.app, 'stranger@responses.test');
    const before = smtp.received.length;
    for (const id of [String(prospect.id), '0', '-1', 'abc', '1.5', '99999999999']) {
      const attempts = [
        await call('GET', `/api/responses/${id}/details`, stranger),
        await call('POST', `/api/responses/${id}/reply`, stranger, { body: 'Hi' }),
        await call('POST', `/api/responses/${id}/complete-followup`, stranger, {}),
        await call('PATCH', `/api/responses/${id}`, stranger, { meetingBooked: true }),
        await call('POST', `/api/responses/${id}/suggest-reply`, stranger, {}),
      ];
      for (const attempt of attempts) {
        expect(attempt.statusCode, `${id}: ${attempt.body}`).toBe(404);
        expect(attempt.json()).toEqual({ message: 'Response not found' });
      }
    }
    expect(smtp.received).toHaveLength(before);
    const [row] = await t.database.db.select().from(inboundMessages).where(eq(inboundMessages.id, prospect.id));
    expect(row).toMatchObject({ followupCompleted: false, meetingBookedAt: null });
  });
});

describe('POST /api/responses/{id}/suggest-reply without an AI provider', () => {
  let who: Owner;
  beforeAll(async () => {
    who = await owner('suggest', { count: 4 });
  });
  const suggest = async (index: number, priority: 'hot' | 'high' | 'medium' | 'other') => {
    const prospect = await reply(who, index, { priority });
    const before = smtp.received.length;
    const response = await call('POST', `/api/responses/${prospect.id}/suggest-reply`, who.token, {});
    expect(response.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(before); // a draft is never sent
    const suggestion = response.json();
    expect(suggestion.offline).toBe(true);
    expect(suggestion.body).toMatch(new RegExp(`^Dear Lead${index},\\n\\n`));
    expect(suggestion.body).toMatch(/Best regards,\nDana\nReyes Realty$/);
    return suggestion.body as string;
  };

  it('proposes three times on the next working days for a hot reply', async () => {
    const body = await suggest(0, 'hot');
    expect(body).toContain('- Tuesday, November 24 at 10:00 AM UTC\n- Wednesday, November 25 at 2:00 PM UTC');
    expect(body).toContain('- Thursday, November 26 at 11:00 AM UTC');
  });

  it('thanks and offers a call for a high reply', async () => {
    expect(await suggest(1, 'high')).toContain('a 15-minute call: would Tuesday or Wednesday suit you?');
  });

  it('proposes a follow-up date for a medium reply', async () => {
    expect(await suggest(2, 'medium')).toContain(
      'I will follow up on Monday, December 7 to see where things stand at Company 2.',
    );
  });

  it('closes politely for any other reply', async () => {
    expect(await suggest(3, 'other')).toContain('I will not take up more of your time.');
  });
});
