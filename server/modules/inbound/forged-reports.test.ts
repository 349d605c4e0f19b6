import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadDetail } from '../../../contract/leads';
import { createBounceAddresses } from '../../adapters/mail/bounce-address';
import { queryRows } from '../../db/client';
import { campaignRecipients, campaigns, inboundMessages } from '../../db/schema';
import { testConfig } from '../../test/app';
import { dovecotUnavailable } from '../../test/dovecot';
import { createImapRepliesFixture, type ImapRepliesFixture } from '../../test/replies-fixture';

// Anyone can mail a mailbox a delivery report naming a lead's address. Such a report counts (bounces the lead, fails
// the mail, counts toward the campaign's brakes) only when it refers to a mail we sent: our Message-ID in it, or our
// signed return path as its recipient (decision 0058). The reports arrive in a real IMAP mailbox (Dovecot) and are
// read by the app's reader.

const skipReason = dovecotUnavailable();
const bounceAddresses = createBounceAddresses(testConfig.sessionSecret);

const crlf = (lines: string[]) => lines.join('\r\n');
let sequence = 0;

/** A standard delivery report (RFC 3464) failing `recipient`, written by whoever sends it. */
function report(options: { recipient: string; from: string; to: string; originalId?: string }): string {
  sequence += 1;
  return crlf([
    `From: ${options.from}`,
    `To: ${options.to}`,
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: <report-${sequence}@reports.test>`,
    'Date: Mon, 23 Nov 2026 10:05:00 +0000',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered.',
    '--b',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.reports.test',
    '',
    `Final-Recipient: rfc822; ${options.recipient}`,
    'Action: failed',
    'Status: 5.1.1',
    'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
    ...(options.originalId
      ? [
          '--b',
          'Content-Type: text/rfc822-headers',
          '',
          `To: ${options.recipient}`,
          `Message-ID: ${options.originalId}`,
        ]
      : []),
    '--b--',
    '',
  ]);
}

/** A spam complaint (ARF) about `recipient`, with no copy of the mail it is about. */
function complaint(recipient: string): string {
  sequence += 1;
  return crlf([
    'From: abuse@forger.test',
    'To: sender@smtp.test',
    'Subject: Abuse report',
    `Message-ID: <complaint-${sequence}@forger.test>`,
    'Date: Mon, 23 Nov 2026 10:06:00 +0000',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="b"',
    '',
    '--b',
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    `Original-Rcpt-To: ${recipient}`,
    '--b--',
    '',
  ]);
}

describe.skipIf(skipReason !== null)('delivery reports that do not refer to a mail we sent', () => {
  let f: ImapRepliesFixture;

  beforeAll(async () => {
    f = await createImapRepliesFixture({ email: 'owner@forged.test', leads: 12 });
    // Still running, as a sequence between its steps is: the brakes pause running campaigns only.
    await f.t.database.db.update(campaigns).set({ status: 'running' }).where(eq(campaigns.id, f.campaignId));
  });
  afterAll(() => f?.close());

  const readMailbox = () => f.t.container.services.inboxReader.session(f.account.id, 0);
  const lead = (n: number) => `lead-${n}@prospects.test`;
  const campaign = async () => (await f.call('GET', `/api/campaigns/${f.campaignId}`)).json();
  const brakeNotices = async () =>
    (
      await queryRows<{ count: number }>(
        f.t.database.db,
        sql`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'campaigns.brake-notice'`,
      )
    )[0].count;
  const history = async (n: number) =>
    ((await f.call('GET', `/api/leads/${f.leadIds[n]}`)).json() as LeadDetail).emailHistory;

  it('change no lead and pause no campaign: six forged bounces and a forged complaint, kept as notes', async () => {
    const forger = 'Mail Delivery System <mailer-daemon@forger.test>';
    const to = f.account.email;
    // Three with no Message-ID at all, three with a wrong one: another domain's, and look-alikes of ours that name
    // the lead's own row as our Message-IDs are spelled but without their signature, or a row that is not the lead's.
    await f.writer.append('INBOX', report({ recipient: lead(0), from: forger, to }));
    await f.writer.append('INBOX', report({ recipient: lead(1), from: 'postmaster@forger.test', to }));
    await f.writer.append('INBOX', report({ recipient: lead(2), from: 'someone@anywhere.test', to }));
    await f.writer.append(
      'INBOX',
      report({ recipient: lead(3), from: forger, to, originalId: '<abc@elsewhere.test>' }),
    );
    const ownRow = (await f.sentTo(4)).id;
    await f.writer.append(
      'INBOX',
      report({ recipient: lead(4), from: forger, to, originalId: `<campaign-${f.campaignId}.${ownRow}@smtp.test>` }),
    );
    await f.writer.append(
      'INBOX',
      report({ recipient: lead(5), from: forger, to, originalId: `<campaign-${f.campaignId}.999999@smtp.test>` }),
    );
    await f.writer.append('INBOX', complaint(lead(6)));

    expect(await readMailbox()).toEqual({ read: 7, taken: 7, ignored: 0, duplicates: 0 });
    for (const n of [0, 1, 2, 3, 4, 5, 6]) {
      expect((await f.lead(n)).status, `lead ${n}`).toBe('active');
      expect((await f.sentTo(n)).state, `the mail to lead ${n}`).toBe('sent');
    }
    expect(await campaign()).toMatchObject({ status: 'running', brake: null, emailsFailed: 0 });
    expect(await brakeNotices()).toBe(0);
    const kept = await f.t.database.db
      .select({ kind: inboundMessages.kind, leadId: inboundMessages.leadId, recipientId: inboundMessages.recipientId })
      .from(inboundMessages)
      .orderBy(inboundMessages.id);
    expect(kept).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((n) => ({ kind: 'unmatched_report', leadId: f.leadIds[n], recipientId: null })),
    );
    // Kept where the user looks: the lead's history says what came, and that it changed nothing.
    expect((await history(0)).find((item) => item.kind === 'unmatched_report')).toMatchObject({
      subject: 'Undelivered Mail Returned to Sender',
      text: '550 5.1.1 User unknown',
    });
  });

  it('still bounce the lead when they quote our Message-ID or come back to our signed return path', async () => {
    const byMessageId = await f.sentTo(7);
    await f.writer.append(
      'INBOX',
      report({
        recipient: lead(7),
        from: 'mailer-daemon@mx.test',
        to: f.account.email,
        originalId: byMessageId.messageId,
      }),
    );
    // The receiving server's report to the envelope sender, quoting no Message-ID: our return path names the mail.
    const byReturnPath = await f.sentTo(8);
    const signed = bounceAddresses.returnPath(f.account.email, byReturnPath.id) ?? '';
    await f.writer.append('INBOX', report({ recipient: lead(8), from: 'mailer-daemon@mx.test', to: signed }));
    // The same, to a return path whose signature was changed: it names nothing.
    const forgedPath = signed.replace(/-[a-z2-7]{12}@/, '-aaaaaaaaaaaa@');
    await f.writer.append('INBOX', report({ recipient: lead(9), from: 'mailer-daemon@mx.test', to: forgedPath }));

    expect(await readMailbox()).toMatchObject({ read: 3, taken: 3 });
    expect((await f.lead(7)).status).toBe('bounced');
    expect((await f.sentTo(7)).state).toBe('failed');
    expect((await f.lead(8)).status).toBe('bounced');
    const [failed] = await f.t.database.db
      .select({ state: campaignRecipients.state, lastError: campaignRecipients.lastError })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.id, byReturnPath.id));
    expect(failed).toEqual({
      state: 'failed',
      lastError: 'Bounced. The receiving server answered: 550 5.1.1 User unknown',
    });
    expect((await f.lead(9)).status).toBe('active');
    expect((await history(9)).map((item) => item.kind)).toContain('unmatched_report');
  });
});
