import { setTimeout as delay } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LeadDetail } from '../../../contract/leads';
import { queryRows } from '../../db/client';
import { inboundMessages, inboxCursors } from '../../db/schema';
import { type CampaignOwner, startCampaignOver } from '../../test/campaign-owner';
import { dovecotUnavailable, imapSettings } from '../../test/dovecot';
import { signalAndWait } from '../../test/process-exit';
import { prospectMail } from '../../test/replies-fixture';
import { createSendingHarnessWithMailbox, type SendingHarnessWithMailbox } from '../../test/sending-harness';
import { healthy, waitFor } from '../../test/server-process';

// A real LocalReach process reads hostile mail from a real IMAP server (Dovecot) while the test asks it for
// GET /api/health every 100 ms: every answer must come within a second. The audit's mail (a line of `a@b.cc`, 3,000
// spaces and `x` in a report from MAILER-DAEMON) held the event loop for 43 s; a megabyte of unclosed tags still takes
// mailparser many seconds, so it runs out of its time budget on the reading thread, is kept unclassified on the
// lead's history, and the reader moves past it. A restart does not read either again.

const skipReason = dovecotUnavailable();
const HEALTH_WITHIN_MS = 1000;
/** Short sessions, so the restart's successor starts reading soon; IDLE brings mail at once anyway. */
const READER_ENV = { INBOX_POLL_SECONDS: '3', MAIL_ALLOW_PRIVATE_HOSTS: '1' };

/** Asks GET /api/health every 100 ms until stopped; answers the slowest answer (or the one still awaited) and what failed. */
function watchHealth(port: number) {
  let watching = true;
  let slowestMs = 0;
  let asked = 0;
  let started = performance.now();
  const failures: string[] = [];
  const loop = (async () => {
    while (watching) {
      started = performance.now();
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(60_000) });
        await response.arrayBuffer();
        if (!response.ok) failures.push(`answered ${response.status}`);
      } catch (error) {
        failures.push(String(error));
      }
      slowestMs = Math.max(slowestMs, performance.now() - started);
      asked += 1;
      await delay(100);
    }
  })();
  return {
    /** The slowest answer so far, counting the one awaited now. */
    slowestMs: () => Math.max(slowestMs, performance.now() - started),
    async stop() {
      watching = false;
      await loop;
      return { slowestMs, asked, failures };
    },
  };
}

const crlf = (lines: string[]) => lines.join('\r\n');
/** The audit's mail: a failure report from MAILER-DAEMON whose line made `"?\s*(…)?\s*:?\s*$` backtrack. */
const auditMail = crlf([
  'From: Mail Delivery System <MAILER-DAEMON@mx.hostile.test>',
  'To: owner@campaign-owner.test',
  'Subject: Undelivered Mail Returned to Sender',
  'Message-ID: <audit@mx.hostile.test>',
  'Date: Mon, 23 Nov 2026 10:00:00 +0000',
  '',
  'Your message could not be delivered to the following address:',
  '',
  `a@b.cc${' '.repeat(3000)}x`,
  '',
]);
/** A lead's "reply" of 1.9 MB of unclosed tags: seconds of mailparser's work, whatever our patterns do. */
const tagsMail = (inReplyTo: string) =>
  crlf([
    'From: lead-0@leads.test',
    'To: owner@campaign-owner.test',
    'Subject: Re: Hello Lead0',
    'Message-ID: <tags@leads.test>',
    `In-Reply-To: ${inReplyTo}`,
    'Date: Mon, 23 Nov 2026 10:01:00 +0000',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<div>'.repeat(380_000),
    '',
  ]);

describe.skipIf(skipReason !== null)('a real server reading hostile mail', () => {
  let t: SendingHarnessWithMailbox;
  beforeEach(async () => {
    t = await createSendingHarnessWithMailbox();
  });
  afterEach(() => t?.dispose());

  const get = async <T>(owner: CampaignOwner, path: string): Promise<T | null> => {
    const response = await fetch(`http://127.0.0.1:${t.port}${path}`, {
      headers: { cookie: `lr_session=${owner.token}` },
    });
    return response.ok ? ((await response.json()) as T) : null;
  };
  const followups = async (owner: CampaignOwner) =>
    (await get<{ count: number }>(owner, '/api/followups/count'))?.count ?? -1;
  const historyKinds = async (owner: CampaignOwner, leadId: number) =>
    ((await get<LeadDetail>(owner, `/api/leads/${leadId}`))?.emailHistory ?? []).map((item) => item.kind);
  const reply = (n: number, messageId: string) =>
    prospectMail({
      from: `lead-${n}@leads.test`,
      subject: `Re: Hello Lead${n}`,
      text: `Lead ${n} here: can you call me?`,
      messageId: `<hostile-test-reply-${n}@leads.test>`,
      inReplyTo: messageId,
    });

  it('answers GET /api/health within a second throughout, keeps the slow mail unclassified, and reads each mail once', {
    timeout: 240_000,
  }, async () => {
    const owner = await t.createOwner(3, imapSettings(t.imap));
    let server = t.start('hostile-1', 'all', READER_ENV);
    // Its first start makes the embedded server's cluster (initdb) and migrates it.
    await waitFor(healthy(t.port), 'the server to listen', 90_000);
    const campaignId = await startCampaignOver(t.port, owner);
    await t.waitFor(server, t.completed(owner, campaignId), 'the campaign to complete');

    const health = watchHealth(t.port);
    await t.writer.append('INBOX', auditMail);
    await t.writer.append('INBOX', tagsMail(t.sentMessageId(0)));
    // Read after the two: the reader has moved past them.
    await t.writer.append('INBOX', reply(1, t.sentMessageId(1)));
    // Waits for the reply read after the hostile mail, or stops at the first answer that is late.
    const lateOrRead = async () => health.slowestMs() > HEALTH_WITHIN_MS || (await followups(owner)) === 1;
    const notRead = await t.waitFor(server, lateOrRead, 'the reply after the hostile mail', 90_000).then(
      () => null,
      (error: Error) => error,
    );
    const { slowestMs, asked, failures } = await health.stop();
    // The health first: a server that stopped answering also read nothing in time.
    expect(slowestMs).toBeLessThan(HEALTH_WITHIN_MS);
    if (notRead) throw notRead;
    expect(failures).toEqual([]);
    expect(asked).toBeGreaterThan(10);
    // The mail whose reading ran out of time is on the lead's history, unclassified.
    expect(await historyKinds(owner, owner.leadIds[0])).toContain('unclassified');

    // A restart resumes after them: only mail that came since is read.
    await signalAndWait(server.child, 'SIGTERM');
    await t.database.released('hostile-1');
    server = t.start('hostile-2', 'all', READER_ENV);
    await waitFor(healthy(t.port), 'the restarted server to listen', 60_000);
    await t.writer.append('INBOX', reply(2, t.sentMessageId(2)));
    await t.waitFor(server, async () => (await followups(owner)) === 2, 'a reply after the restart', 60_000);
    await signalAndWait(server.child, 'SIGTERM');
    await t.database.released('hostile-2');

    await t.database.use(async ({ db }) => {
      const stored = await db
        .select({ kind: inboundMessages.kind, messageId: inboundMessages.messageId, leadId: inboundMessages.leadId })
        .from(inboundMessages)
        .orderBy(inboundMessages.id);
      expect(stored).toEqual([
        { kind: 'unclassified', messageId: '<tags@leads.test>', leadId: owner.leadIds[0] },
        { kind: 'reply', messageId: '<hostile-test-reply-1@leads.test>', leadId: owner.leadIds[1] },
        { kind: 'reply', messageId: '<hostile-test-reply-2@leads.test>', leadId: owner.leadIds[2] },
      ]);
      const [cursor] = await db.select().from(inboxCursors).where(eq(inboxCursors.accountId, owner.accountId));
      expect(cursor.cursor).toMatchObject({ lastUid: 4 });
      // Every session's summary is its job's output: the four mails were read once each, by both processes.
      const [{ read }] = await queryRows<{ read: number }>(
        db,
        sql`SELECT coalesce(sum((output->>'read')::int), 0)::int AS read FROM pgboss.job
            WHERE name = 'inbox.read' AND state = 'completed'`,
      );
      expect(read).toBe(4);
      const unclassified = await db
        .select()
        .from(inboundMessages)
        .where(and(eq(inboundMessages.kind, 'unclassified'), eq(inboundMessages.accountId, owner.accountId)));
      expect(unclassified[0]).toMatchObject({ fromAddress: 'lead-0@leads.test', subject: 'Re: Hello Lead0' });
    });
  });
});
