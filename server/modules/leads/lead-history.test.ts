import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { LEAD_HISTORY_LIMIT, LEAD_HISTORY_TEXT_CHARS } from '../../../contract/leads';
import { campaignRecipients, campaigns, inboundMessages, leads, trackingEvents, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/database';
import { createWebhookEmitter } from '../webhooks/webhook-emitter';
import { createLeadsService } from './leads.service';

const database = await createTestDatabase();
afterAll(() => database.dispose());
const { db } = database;
// Histories change no lead: no event is ever queued here.
const webhookEvents = createWebhookEmitter({ clock: systemClock, enqueue: async () => {} });
const service = createLeadsService({ db, webhookEvents });

const at = (time: string) => new Date(`2026-03-${time}Z`);

async function newUser() {
  const [user] = await db
    .insert(users)
    .values({ email: `u${Math.random()}@history.test`, passwordHash: 'x' })
    .returning();
  return user;
}

async function newLead(userId: string, email = 'lead@history.test') {
  const [lead] = await db.insert(leads).values({ userId, email }).returning();
  return lead;
}

type RecipientValues = typeof campaignRecipients.$inferInsert;

async function ourMail(userId: string, leadId: number, values: Partial<RecipientValues>) {
  const [campaign] = await db.insert(campaigns).values({ userId, status: 'completed' }).returning();
  const kind = values.kind ?? 'campaign';
  const [row] = await db
    .insert(campaignRecipients)
    .values({ userId, leadId, attempts: 1, ...values, campaignId: kind === 'campaign' ? campaign.id : null })
    .returning();
  return row;
}

async function hits(userId: string, recipientId: number, kind: 'open' | 'click', human: number, machine: number) {
  const rows = [...Array(human).fill(false), ...Array(machine).fill(true)].map((isMachine) => ({
    userId,
    recipientId,
    kind,
    machine: isMachine,
    machineReason: isMachine ? 'privacy proxy' : null,
  }));
  await db.insert(trackingEvents).values(rows);
}

let messageNumber = 0;
async function inbound(userId: string, leadId: number, values: Partial<typeof inboundMessages.$inferInsert>) {
  messageNumber += 1;
  await db.insert(inboundMessages).values({
    userId,
    leadId,
    messageId: `<m${messageNumber}@history.test>`,
    fromAddress: 'lead@history.test',
    kind: 'reply',
    receivedAt: new Date(),
    ...values,
  });
}

describe('a lead’s history in its details', () => {
  it('lists our mails and what came back, newest first, with human opens and clicks only', async () => {
    const user = await newUser();
    const lead = await newLead(user.id);
    const first = await ourMail(user.id, lead.id, {
      state: 'sent',
      subject: 'Week 1 hello',
      sentAt: at('02T10:00:00'),
      claimedAt: at('02T09:59:59'),
    });
    await hits(user.id, first.id, 'open', 2, 3);
    await hits(user.id, first.id, 'click', 1, 4);
    await ourMail(user.id, lead.id, {
      state: 'failed',
      subject: null,
      claimedAt: at('03T10:00:00'),
      lastError: '552 mailbox full',
    });
    await ourMail(user.id, lead.id, {
      state: 'unknown',
      subject: 'Week 2 follow-up',
      claimedAt: at('04T10:00:00'),
      lastError: 'The sender stopped while this email was being sent: it may or may not have gone out.',
    });
    // Not sent (yet, or ever): no part of the history.
    await ourMail(user.id, lead.id, { state: 'pending', subject: 'Week 3' });
    await ourMail(user.id, lead.id, { state: 'skipped', subject: 'Week 3 again' });
    await inbound(user.id, lead.id, {
      kind: 'auto_reply',
      subject: 'Out of office',
      receivedAt: at('02T10:01:00'),
      details: { returnDate: '2026-03-09' },
    });
    await inbound(user.id, lead.id, {
      kind: 'reply',
      subject: 'Re: Week 1 hello',
      replyText: 'Sounds good, call me Tuesday.',
      priority: 'hot',
      receivedAt: at('05T08:00:00'),
    });
    await ourMail(user.id, lead.id, {
      kind: 'reply',
      state: 'sent',
      subject: 'Re: Week 1 hello',
      bodyText: 'Tuesday at 10 works.',
      sentAt: at('05T09:00:00'),
    });
    await inbound(user.id, lead.id, {
      kind: 'bounce',
      subject: 'Undelivered Mail Returned to Sender',
      details: { permanent: true, diagnostic: '550 5.1.1 user unknown' },
      receivedAt: at('06T08:00:00'),
    });
    await inbound(user.id, lead.id, {
      kind: 'complaint',
      subject: 'Abuse report',
      details: { feedbackType: 'abuse' },
      receivedAt: at('07T08:00:00'),
    });
    // Another lead's history stays its own.
    const other = await newLead(user.id, 'other@history.test');
    await ourMail(user.id, other.id, { state: 'sent', subject: 'Not theirs', sentAt: at('08T10:00:00') });
    await inbound(user.id, other.id, { subject: 'Not theirs either', receivedAt: at('08T11:00:00') });

    const detail = await service.detail(user, String(lead.id));

    const iso = (time: string) => at(time).toISOString();
    const outgoing = { error: null, opened: 0, clicked: 0, text: null };
    const fromThem = { text: null, returnDate: null, priority: null, truncated: false };
    expect(detail.emailHistory).toEqual([
      { kind: 'complaint', subject: 'Abuse report', sentAt: iso('07T08:00:00'), at: iso('07T08:00:00'), ...fromThem },
      {
        ...fromThem,
        kind: 'bounce',
        subject: 'Undelivered Mail Returned to Sender',
        sentAt: iso('06T08:00:00'),
        at: iso('06T08:00:00'),
        text: '550 5.1.1 user unknown',
      },
      {
        ...outgoing,
        kind: 'our_reply',
        state: 'sent',
        subject: 'Re: Week 1 hello',
        sentAt: iso('05T09:00:00'),
        at: iso('05T09:00:00'),
        text: 'Tuesday at 10 works.',
      },
      {
        ...fromThem,
        kind: 'reply',
        subject: 'Re: Week 1 hello',
        sentAt: iso('05T08:00:00'),
        at: iso('05T08:00:00'),
        text: 'Sounds good, call me Tuesday.',
        priority: 'hot',
      },
      {
        ...outgoing,
        kind: 'sent',
        state: 'unknown',
        subject: 'Week 2 follow-up',
        sentAt: iso('04T10:00:00'),
        at: iso('04T10:00:00'),
        error: 'The sender stopped while this email was being sent: it may or may not have gone out.',
      },
      {
        ...outgoing,
        kind: 'sent',
        state: 'failed',
        subject: '',
        sentAt: iso('03T10:00:00'),
        at: iso('03T10:00:00'),
        error: '552 mailbox full',
      },
      {
        ...fromThem,
        kind: 'auto_reply',
        subject: 'Out of office',
        sentAt: iso('02T10:01:00'),
        at: iso('02T10:01:00'),
        returnDate: '2026-03-09',
      },
      {
        ...outgoing,
        kind: 'sent',
        state: 'sent',
        subject: 'Week 1 hello',
        sentAt: iso('02T10:00:00'),
        at: iso('02T10:00:00'),
        opened: 2,
        clicked: 1,
      },
    ]);
    // Two mails went out; the complaint and the bounce came later, but the last contact is our answer.
    expect(detail).toMatchObject({ contactCount: 2, hasResponded: true, lastContactedAt: iso('05T09:00:00') });
    expect((await service.contactHistory(user, String(lead.id))).emailHistory).toEqual(detail.emailHistory);
  });

  it('counts no response from bounces and automatic replies, but does from a reply time on our mail', async () => {
    const user = await newUser();
    const lead = await newLead(user.id);
    const mail = await ourMail(user.id, lead.id, { state: 'sent', subject: 'Hello', sentAt: at('02T10:00:00') });
    await inbound(user.id, lead.id, { kind: 'bounce', receivedAt: at('02T10:05:00') });
    await inbound(user.id, lead.id, { kind: 'auto_reply', receivedAt: at('02T10:06:00') });
    expect(await service.detail(user, String(lead.id))).toMatchObject({
      contactCount: 1,
      hasResponded: false,
      lastContactedAt: at('02T10:00:00').toISOString(),
    });

    await db.insert(campaignRecipients).values({
      userId: user.id,
      leadId: lead.id,
      kind: 'reply',
      state: 'failed',
      subject: 'Re: Hello',
      claimedAt: at('03T10:00:00'),
    });
    // A failed answer is in the history, but neither a mail sent nor a contact.
    const withFailedAnswer = await service.detail(user, String(lead.id));
    expect(withFailedAnswer).toMatchObject({ contactCount: 1, lastContactedAt: at('02T10:00:00').toISOString() });
    expect(withFailedAnswer.emailHistory[0]).toMatchObject({ kind: 'our_reply', state: 'failed' });

    await db
      .update(campaignRecipients)
      .set({ repliedAt: at('04T10:00:00') })
      .where(eq(campaignRecipients.id, mail.id));
    expect(await service.detail(user, String(lead.id))).toMatchObject({
      hasResponded: true,
      lastContactedAt: at('04T10:00:00').toISOString(),
    });
  });

  it('shows an empty history as none, and a long one as its newest items, texts cut short', async () => {
    const user = await newUser();
    const quiet = await newLead(user.id, 'quiet@history.test');
    expect(await service.detail(user, String(quiet.id))).toMatchObject({
      contactCount: 0,
      hasResponded: false,
      lastContactedAt: null,
      emailHistory: [],
    });

    const busy = await newLead(user.id, 'busy@history.test');
    const mails = LEAD_HISTORY_LIMIT + 5;
    await db.insert(campaignRecipients).values(
      Array.from({ length: mails }, (_, index) => ({
        userId: user.id,
        leadId: busy.id,
        kind: 'reply' as const,
        state: 'sent' as const,
        subject: `Answer ${index}`,
        sentAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
      })),
    );
    await inbound(user.id, busy.id, {
      subject: 'Long reply',
      replyText: 'x'.repeat(LEAD_HISTORY_TEXT_CHARS + 50),
      receivedAt: at('01T00:00:00'),
    });
    const detail = await service.detail(user, String(busy.id));
    expect(detail.contactCount).toBe(mails);
    expect(detail.emailHistory).toHaveLength(LEAD_HISTORY_LIMIT);
    expect(detail.emailHistory[0]).toMatchObject({ kind: 'reply', text: 'x'.repeat(LEAD_HISTORY_TEXT_CHARS) });
    expect(detail.emailHistory[1].subject).toBe(`Answer ${mails - 1}`);
    expect(detail.emailHistory.at(-1)?.subject).toBe(`Answer ${mails - LEAD_HISTORY_LIMIT + 1}`);
  });

  it('answers "Lead not found" for another user’s lead', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const lead = await newLead(owner.id);
    await ourMail(owner.id, lead.id, { state: 'sent', subject: 'Private', sentAt: at('02T10:00:00') });
    for (const read of [service.detail, service.contactHistory]) {
      const refusal = await read(stranger, String(lead.id)).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ status: 404, message: 'Lead not found' });
    }
  });
});
