import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProspectResponse } from '../../../contract/responses';
import { emailAccounts, inboundMessages, inboxCursors } from '../../db/schema';
import { dovecotUnavailable } from '../../test/dovecot';
import { largeReply } from '../../test/large-mail';
import {
  complaintReport,
  createImapRepliesFixture,
  deliveryReport,
  type ImapRepliesFixture,
  prospectMail,
} from '../../test/replies-fixture';
import { insertWebhookEndpoint, queuedEvents } from '../../test/webhook-deliveries';
import { createInboxReader } from './inbox-reader';

const skipReason = dovecotUnavailable();

describe.skipIf(skipReason !== null)('reading a connected mailbox over IMAP (Dovecot)', () => {
  let f: ImapRepliesFixture;

  beforeAll(async () => {
    f = await createImapRepliesFixture({ email: 'owner@reader.test', leads: 6 });
  });
  afterAll(() => f?.close());

  const append = (source: string) => f.writer.append('INBOX', source);
  const reader = () => f.t.container.services.inboxReader;
  const storedKinds = async () =>
    (
      await f.t.database.db
        .select({ messageId: inboundMessages.messageId, kind: inboundMessages.kind })
        .from(inboundMessages)
        .orderBy(inboundMessages.id)
    ).map((row) => `${row.kind} ${row.messageId}`);
  const reply = async (n: number, text: string, id = `<reply-${n}-${Math.random()}@prospects.test>`) =>
    prospectMail({
      from: `lead-${n}@prospects.test`,
      subject: 'Re: Homes near you',
      text,
      messageId: id,
      inReplyTo: (await f.sentTo(n)).messageId,
    });

  it('takes in replies, bounces, complaints and auto-replies, stores nothing else, and marks nothing read', async () => {
    await append(await reply(0, 'Can we meet on Thursday?', '<first@prospects.test>'));
    await append(deliveryReport('lead-1@prospects.test', (await f.sentTo(1)).messageId, '5.1.1'));
    await append(complaintReport('lead-2@prospects.test', (await f.sentTo(2)).messageId));
    await append(
      prospectMail({
        from: 'lead-3@prospects.test',
        subject: 'Automatic reply: Homes near you',
        text: 'I am away until 2026-12-02.',
        messageId: '<away@prospects.test>',
        inReplyTo: (await f.sentTo(3)).messageId,
        headers: ['Auto-Submitted: auto-replied'],
      }),
    );
    await append(
      prospectMail({ from: 'friend@else.test', subject: 'Lunch?', text: 'Lunch?', messageId: '<lunch@else.test>' }),
    );

    const summary = await reader().session(f.account.id, 0);
    expect(summary).toEqual({ read: 5, taken: 4, ignored: 1, duplicates: 0 });
    const kinds = await storedKinds();
    expect(kinds).toHaveLength(4);
    expect(kinds[0]).toBe('reply <first@prospects.test>');
    expect(kinds.slice(1).map((kind) => kind.split(' ')[0])).toEqual(['bounce', 'complaint', 'auto_reply']);
    expect((await f.lead(1)).status).toBe('bounced');
    expect((await f.lead(2)).status).toBe('unsubscribed');
    expect((await f.call('GET', '/api/followups/count')).json()).toEqual({ count: 1 });

    // Read-only: every message keeps its flags (none became \Seen) and stays in the INBOX.
    await f.writer.mailboxOpen('INBOX');
    const flags = [];
    for await (const message of f.writer.fetch('1:*', { flags: true })) flags.push([...(message.flags ?? [])]);
    expect(flags).toHaveLength(5);
    for (const messageFlags of flags) expect(messageFlags).not.toContain('\\Seen');
  });

  it('resumes from the stored cursor after a restart: mail that came meanwhile is read, nothing twice', async () => {
    await append(await reply(4, 'Interested, what does it cost?', '<while-down@prospects.test>'));
    // A new reader, as a restarted worker builds: only the database says where the last one stopped.
    const services = f.t.container.services;
    const restarted = createInboxReader({
      db: f.t.database.db,
      clock: services.clock,
      inbound: services.inbound,
      openInbox: (accountId) => services.transports.openInbox(accountId),
      sessionMs: 0,
      enqueueSession: async () => {},
      webhookEvents: services.webhookEvents,
    });
    expect(await restarted.session(f.account.id)).toEqual({ read: 1, taken: 1, ignored: 0, duplicates: 0 });
    expect(await restarted.session(f.account.id)).toEqual({ read: 0, taken: 0, ignored: 0, duplicates: 0 });

    // Without its cursor (lost, or the INBOX's UIDVALIDITY changed) it reads the mailbox again: nothing is doubled.
    await f.t.database.db.delete(inboxCursors).where(eq(inboxCursors.accountId, f.account.id));
    expect(await restarted.session(f.account.id)).toMatchObject({ read: 6, taken: 0, duplicates: 5, ignored: 1 });
    expect(await storedKinds()).toHaveLength(5);
  });

  it('is woken by IDLE: a reply is in the responses within seconds of arriving', async () => {
    const session = reader().session(f.account.id, 6000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const appendedAt = Date.now();
    await append(await reply(5, 'Please call me tomorrow.', '<idle@prospects.test>'));
    let seenAfter = Number.POSITIVE_INFINITY;
    while (Date.now() - appendedAt < 5000) {
      const responses = (await f.call('GET', '/api/responses?followupRequired=true&limit=10')).json();
      if (Array.isArray(responses) && responses.some((response) => response.body === 'Please call me tomorrow.')) {
        seenAfter = Date.now() - appendedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seenAfter).toBeLessThan(5000);
    expect(await session).toMatchObject({ taken: 1 });
  });

  it('notes the DKIM selector of a mail the account sent itself, for its domain health check', async () => {
    const own = f.account.email;
    const domain = own.split('@')[1];
    await append(
      prospectMail({
        from: own,
        to: own,
        subject: 'Note to self',
        text: 'Signed by the provider.',
        messageId: `<self@${domain}>`,
        headers: [`DKIM-Signature: v=1; a=rsa-sha256; d=${domain};\r\n\ts=pickle2024; h=from:to; bh=YQ==; b=Yg==`],
      }),
    );
    await reader().session(f.account.id, 0);
    const [account] = await f.t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, f.account.id));
    expect(account.dkimSelectors).toEqual(['pickle2024']);
  });

  it('takes in a reply larger than it fetches from its beginning, and the reply says it was cut', async () => {
    await append(
      largeReply({
        from: 'lead-5@prospects.test',
        to: f.account.email,
        messageId: '<large-5@prospects.test>',
        inReplyTo: (await f.sentTo(5)).messageId,
      }),
    );
    expect(await reader().session(f.account.id, 0)).toMatchObject({ read: 1, taken: 1 });
    const responses = (await f.call('GET', '/api/responses?limit=10')).json() as ProspectResponse[];
    expect(responses.find((response) => response.subject === 'Re: Hello, the plans attached')).toMatchObject({
      body: 'Interested! The plans are attached. Can you call me on Thursday?',
      priority: 'hot',
      truncated: true,
    });
    expect(responses.filter((response) => response.truncated)).toHaveLength(1);
  });

  it('records why a reading failed, keeps the cursor, and tells the webhooks once', async () => {
    await insertWebhookEndpoint(f.t.database.db, f.account.userId, ['mailbox.error']);
    const [before] = await f.t.database.db.select().from(inboxCursors).where(eq(inboxCursors.accountId, f.account.id));
    await f.imap.stop();
    await expect(reader().session(f.account.id, 0)).rejects.toMatchObject({ kind: 'temporary' });
    const [after] = await f.t.database.db.select().from(inboxCursors).where(eq(inboxCursors.accountId, f.account.id));
    expect(after.cursor).toEqual(before.cursor);
    // Shown on the account's card: plain words, without the socket's code.
    expect(after.lastError).toMatch(/^Nothing answered at 127\.0\.0\.1 port \d+: check the host and port\.$/);
    // The next failing session is not a new event: the mailbox has not come back in between.
    await expect(reader().session(f.account.id, 0)).rejects.toMatchObject({ kind: 'temporary' });
    expect(await queuedEvents(f.t.database.db, f.account.userId)).toEqual([
      {
        type: 'mailbox.error',
        data: { mailbox: { id: f.account.id, email: f.account.email }, message: after.lastError },
      },
    ]);
  });
});
