import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, dovecotUnavailable, imapSettings, startDovecot } from '../../test/dovecot';
import { aDayAgo, expectLargeCutThenWhole, numberedReply } from '../../test/inbox-mail';
import { largeReply } from '../../test/large-mail';
import { ImapInbox } from './imap-inbox';
import { type ImapCursor, INBOUND_MESSAGE_LIMIT_BYTES } from './inbox';

const skipReason = dovecotUnavailable();

const mail = (n: number) => numberedReply(n, 'mailbox@imap.test');

describe.skipIf(skipReason !== null)('reading an INBOX over IMAP (Dovecot)', () => {
  let imap: DovecotServer;
  let writer: ImapFlow;
  let inbox: ImapInbox;
  const since = aDayAgo();

  beforeAll(async () => {
    imap = await startDovecot();
    writer = await imap.connectClient();
    inbox = new ImapInbox(imapSettings(imap), imap.host);
  });
  afterAll(async () => {
    await inbox?.close();
    await writer?.logout().catch(() => {});
    await imap?.stop();
  });

  // A real IMAP APPEND, as a prospect's mail arrives; returns the flags the message carries now.
  const append = (n: number) => writer.append('INBOX', mail(n), []);
  const flagsOf = async (uid: number) => {
    const lock = await writer.getMailboxLock('INBOX');
    try {
      const message = await writer.fetchOne(String(uid), { flags: true }, { uid: true });
      return message ? [...(message.flags ?? [])] : null;
    } finally {
      lock.release();
    }
  };

  it('reads new mail in order from a cursor, a page at a time, and leaves every message unread', async () => {
    for (const n of [1, 2, 3]) await append(n);
    const first = await inbox.read(null, { since, limit: 2 });
    expect(first.messages.map((message) => message.source.toString())).toEqual([mail(1), mail(2)]);
    expect(first.more).toBe(true);
    const second = await inbox.read(first.cursor, { since, limit: 2 });
    expect(second.messages.map((message) => message.source.toString())).toEqual([mail(3)]);
    expect(second.more).toBe(false);
    // Nothing new: the same cursor comes back, and the last message is not read again.
    const idle = await inbox.read(second.cursor, { since, limit: 2 });
    expect(idle).toEqual({ messages: [], cursor: second.cursor, more: false });
    for (const message of [...first.messages, ...second.messages]) {
      expect(await flagsOf(Number(message.id))).not.toContain('\\Seen');
    }
  });

  it('starts again from the date when the mailbox’s UIDVALIDITY is not the cursor’s', async () => {
    const read = await inbox.read({ uidValidity: 'another-mailbox', lastUid: 99 }, { since, limit: 10 });
    expect(read.messages.map((message) => message.source.toString())).toEqual([mail(1), mail(2), mail(3)]);
    const later = await inbox.read(null, { since: new Date(Date.now() + 2 * 24 * 3600_000), limit: 10 });
    expect(later.messages).toEqual([]);
    expect(later.cursor).toEqual(read.cursor);
  });

  it('wakes up when mail arrives, and gives up after its time without', async () => {
    expect(await inbox.waitForMail({ timeoutMs: 300 })).toBe(false);
    const waiting = inbox.waitForMail({ timeoutMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await append(4);
    expect(await waiting).toBe(true);
    const cursor = (await inbox.read(null, { since, limit: 10 })).cursor as ImapCursor;
    const after = await inbox.read({ ...cursor, lastUid: cursor.lastUid - 1 }, { since, limit: 10 });
    expect(after.messages.map((message) => message.source.toString())).toEqual([mail(4)]);
  });

  it('fetches at most 2 MB of a message (BODY.PEEK[]<0.limit>), and says when it was larger', async () => {
    const { cursor } = await inbox.read(null, { since, limit: 100 });
    const large = largeReply({ from: 'lead@prospects.test', to: imap.user, messageId: '<large@prospects.test>' });
    expect(large.length).toBeGreaterThan(INBOUND_MESSAGE_LIMIT_BYTES);
    await writer.append('INBOX', large, []);
    await append(5);
    // A reader connected after the mail came: this one's connection has not been told of it yet.
    const reader = new ImapInbox(imapSettings(imap), imap.host);
    const read = await reader.read(cursor, { since, limit: 10 }).finally(() => reader.close());
    expectLargeCutThenWhole(read, large, mail(5));
  });

  it('says a refused login is an authentication failure', async () => {
    const refused = new ImapInbox(
      { host: imap.host, port: imap.port, secure: false, user: imap.user, password: 'wrong' },
      imap.host,
    );
    await expect(refused.read(null, { since, limit: 1 })).rejects.toMatchObject({ kind: 'auth' });
    await refused.close();
  });
});
