import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, inboundMessages, leads } from '../../db/schema';
import { getCurrentUser, registerUser } from '../../test/app';
import {
  complaintReport,
  createRepliesFixture,
  deliveryReport,
  prospectMail,
  type RepliesFixture,
} from '../../test/replies-fixture';

let f: RepliesFixture;
beforeAll(async () => {
  f = await createRepliesFixture({ email: 'owner@inbound.test', leads: 9 });
});
afterAll(async () => {
  await f?.close();
});

const take = (source: string) => f.t.container.services.inbound.take(f.account, Buffer.from(source));

/** A mail another user of the same install sent to a lead at `address`: its Message-ID. */
async function anotherUsersMail(address: string): Promise<string> {
  const session = await registerUser(f.t.app, 'other@inbound.test');
  const userId = (await getCurrentUser(f.t.app, session)).json().id as string;
  const [lead] = await f.t.database.db.insert(leads).values({ userId, email: address }).returning();
  const [mail] = await f.t.database.db
    .insert(campaignRecipients)
    .values({ userId, leadId: lead.id, state: 'sent', subject: 'Hi', sentAt: new Date() })
    .returning();
  const messageId = `<campaign-77.${mail.id}@smtp.test>`;
  await f.t.database.db.update(campaignRecipients).set({ messageId }).where(eq(campaignRecipients.id, mail.id));
  return messageId;
}
const stored = (messageId: string) =>
  f.t.database.db.select().from(inboundMessages).where(eq(inboundMessages.messageId, messageId));
const row = async (id: number) =>
  (await f.t.database.db.select().from(campaignRecipients).where(eq(campaignRecipients.id, id)))[0];

describe('taking in mail read from a connected mailbox', () => {
  it('takes a reply to our mail as a Response, with its priority, and marks our mail answered', async () => {
    const sent = await f.sentTo(0);
    const reply = prospectMail({
      from: 'Lead Zero <lead-0@prospects.test>',
      subject: 'Re: Homes near you, Lead0',
      text: 'Yes! Can we talk on Thursday? What is the price?\n\nOn Mon, Sender wrote:\n> Hi Lead0, shall we talk?',
      messageId: '<r0@prospects.test>',
      inReplyTo: sent.messageId,
    });
    expect(await take(reply)).toEqual({ outcome: 'taken', kind: 'reply' });
    const [response] = await stored('<r0@prospects.test>');
    expect(response).toMatchObject({
      kind: 'reply',
      leadId: f.leadIds[0],
      recipientId: sent.id,
      accountId: f.account.id,
      priority: 'hot',
      followupRequired: true,
      followupCompleted: false,
      unsubscribeRequest: false,
      fromAddress: 'lead-0@prospects.test',
    });
    expect(response.replyText).toBe('Yes! Can we talk on Thursday? What is the price?');
    expect(response.priorityReason).not.toBe('');
    expect((await row(sent.id)).repliedAt?.toISOString()).toBe('2026-11-23T10:00:00.000Z');

    // Read again (a restart, a re-read): taken in once.
    expect(await take(reply)).toEqual({ outcome: 'duplicate' });
    expect(await stored('<r0@prospects.test>')).toHaveLength(1);
  });

  it('matches a reply that lost its thread headers by its sender, a lead this mailbox wrote to', async () => {
    const reply = prospectMail({
      from: 'lead-1@prospects.test',
      subject: 'Your email',
      text: 'Interested. Could you tell me more?',
      messageId: '<r1@prospects.test>',
    });
    expect(await take(reply)).toEqual({ outcome: 'taken', kind: 'reply' });
    const [response] = await stored('<r1@prospects.test>');
    expect(response).toMatchObject({ leadId: f.leadIds[1], recipientId: (await f.sentTo(1)).id, priority: 'high' });
  });

  it('leaves everything else in the mailbox alone and stores none of it', async () => {
    const unrelated = prospectMail({
      from: 'newsletter@shop.test',
      subject: 'Our November deals',
      text: 'Big savings inside.',
      messageId: '<news@shop.test>',
    });
    expect(await take(unrelated)).toEqual({ outcome: 'ignored' });
    // Another user's mail, even to the same address, is not this mailbox's business.
    const answerToOther = prospectMail({
      from: 'shared-lead@elsewhere.test',
      subject: 'Re: hello',
      text: 'Hi, interested!',
      messageId: '<to-other@elsewhere.test>',
      inReplyTo: await anotherUsersMail('shared-lead@elsewhere.test'),
    });
    expect(await take(answerToOther)).toEqual({ outcome: 'ignored' });
    // A look-alike of our Message-IDs naming one of our rows, but not its Message-ID, matches nothing either.
    const sent = await f.sentTo(8);
    const lookAlike = prospectMail({
      from: 'stranger@elsewhere.test',
      subject: 'Re: hello',
      text: 'Hi',
      messageId: '<lookalike@elsewhere.test>',
      inReplyTo: `<campaign-999.${sent.id}@elsewhere.test>`,
    });
    expect(await take(lookAlike)).toEqual({ outcome: 'ignored' });
    expect(await stored('<to-other@elsewhere.test>')).toEqual([]);
    expect(await stored('<news@shop.test>')).toEqual([]);
    expect(await stored('<lookalike@elsewhere.test>')).toEqual([]);
  });

  it('bounces the lead and fails our mail on a permanent delivery failure', async () => {
    const sent = await f.sentTo(2);
    expect(await take(deliveryReport('lead-2@prospects.test', sent.messageId, '5.1.1'))).toEqual({
      outcome: 'taken',
      kind: 'bounce',
    });
    expect(await f.lead(2)).toMatchObject({
      status: 'bounced',
      statusReason: expect.stringMatching(/^The email bounced\. The receiving server answered: .*5\.1\.1/),
    });
    const failed = await row(sent.id);
    expect(failed.state).toBe('failed');
    expect(failed.lastError).toContain('5.1.1');
    const campaign = (await f.call('GET', `/api/campaigns/${f.campaignId}`)).json();
    expect(campaign.emailsFailed).toBe(1);
  });

  it('only notes a temporary failure or a delay', async () => {
    const sent = await f.sentTo(3);
    expect(await take(deliveryReport('lead-3@prospects.test', sent.messageId, '4.2.2', 'delayed'))).toEqual({
      outcome: 'taken',
      kind: 'bounce',
    });
    expect((await f.lead(3)).status).toBe('active');
    expect((await row(sent.id)).state).toBe('sent');
    const [note] = await f.t.database.db.select().from(inboundMessages).where(eq(inboundMessages.leadId, f.leadIds[3]));
    expect(note.details).toMatchObject({ permanent: false, delayed: true, status: '4.2.2' });
    expect(note.followupRequired).toBe(false);
  });

  it('unsubscribes the lead on a spam complaint', async () => {
    const sent = await f.sentTo(4);
    expect(await take(complaintReport('lead-4@prospects.test', sent.messageId))).toEqual({
      outcome: 'taken',
      kind: 'complaint',
    });
    expect(await f.lead(4)).toMatchObject({ status: 'unsubscribed', statusReason: 'Marked an email as spam' });
  });

  it('records an automatic reply with its return date, not as a Response', async () => {
    const sent = await f.sentTo(5);
    const outOfOffice = prospectMail({
      from: 'lead-5@prospects.test',
      subject: 'Out of Office: Homes near you',
      text: 'I am out of the office until December 2, 2026 with limited access to email.',
      messageId: '<ooo5@prospects.test>',
      inReplyTo: sent.messageId,
      headers: ['Auto-Submitted: auto-replied'],
    });
    expect(await take(outOfOffice)).toEqual({ outcome: 'taken', kind: 'auto_reply' });
    const [note] = await stored('<ooo5@prospects.test>');
    expect(note).toMatchObject({ kind: 'auto_reply', followupRequired: false, details: { returnDate: '2026-12-02' } });
    expect((await row(sent.id)).repliedAt).toBeNull();
  });

  it('unsubscribes a lead who asks for it in words, and keeps the reply without a follow-up', async () => {
    const sent = await f.sentTo(6);
    const reply = prospectMail({
      from: 'lead-6@prospects.test',
      subject: 'Re: Homes near you',
      text: 'Not interested, please remove me from your list.',
      messageId: '<r6@prospects.test>',
      inReplyTo: sent.messageId,
    });
    expect(await take(reply)).toEqual({ outcome: 'taken', kind: 'reply' });
    expect(await f.lead(6)).toMatchObject({ status: 'unsubscribed', statusReason: 'Asked to unsubscribe in a reply' });
    const [response] = await stored('<r6@prospects.test>');
    expect(response).toMatchObject({ unsubscribeRequest: true, followupRequired: false });
  });

  it('unsubscribes a lead whose mail program used the List-Unsubscribe mailto: (subject only, no text)', async () => {
    const request = prospectMail({
      from: 'lead-7@prospects.test',
      to: 'sender@smtp.test',
      subject: 'unsubscribe',
      text: '',
      messageId: '<list-unsubscribe-7@prospects.test>',
    });
    expect(await take(request)).toEqual({ outcome: 'taken', kind: 'reply' });
    expect((await f.lead(7)).status).toBe('unsubscribed');
    const [stored7] = await stored('<list-unsubscribe-7@prospects.test>');
    expect(stored7).toMatchObject({ unsubscribeRequest: true, followupRequired: false, priority: 'other' });
  });

  it('stores a reply whose subject and text hold NUL, which PostgreSQL refuses, without it', async () => {
    const reply = [
      'From: lead-8@prospects.test',
      'Subject: =?utf-8?Q?Re:_Hi=00_there?=',
      'Message-ID: <nul-8@prospects.test>',
      `In-Reply-To: ${(await f.sentTo(8)).messageId}`,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Call me=00 on Thursday?',
      '',
    ].join('\r\n');
    // Refused, the message would fail its session and be read again at every one after.
    expect(await take(reply)).toEqual({ outcome: 'taken', kind: 'reply' });
    const [stored8] = await stored('<nul-8@prospects.test>');
    expect(stored8.subject).toBe('Re: Hi there');
    expect(stored8.replyText).toBe('Call me on Thursday?');
  });

  it('does not take a bounced lead back to active or an unsubscribed one to bounced', async () => {
    const sent = await f.sentTo(4);
    await take(deliveryReport('lead-4@prospects.test', sent.messageId, '5.2.1'));
    expect((await f.lead(4)).status).toBe('unsubscribed');
  });
});
