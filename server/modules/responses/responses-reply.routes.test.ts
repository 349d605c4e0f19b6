import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RESPONSE_MESSAGES } from '../../../contract/responses';
import { campaignRecipients, emailAccounts } from '../../db/schema';
import { ACCOUNT_GONE } from './responses.service';
import { createResponsesTestApp, MONDAY_AFTERNOON } from './responses-test-helpers';

let now = MONDAY_AFTERNOON;
const { t, smtp, recording, call, owner, reply } = await createResponsesTestApp({
  read: () => now,
  set: (to) => {
    now = to;
  },
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
