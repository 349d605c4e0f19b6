import { and, eq } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { expect } from 'vitest';
import type { ServerSettings } from '../../contract/accounts';
import type { ContainerConfig } from '../container';
import { campaignRecipients, emailAccounts, leads } from '../db/schema';
import { createTestApp, getCurrentUser, registerUser } from './app';
import { imapSettings, startDovecot } from './dovecot';
import { seedSmtpAccount } from './seed-smtp-account';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

import { type SmtpPeer, startSmtpPeer } from './smtp-peer';

/**
 * A user who sent a campaign for real, for the tests of what comes back: a test app, an SMTP peer the mailbox
 * sends through (its IMAP side is `imap` when given, e.g. Dovecot), leads `lead-N@prospects.test`, and the
 * campaign sent to them by the real sender.
 */
export async function createRepliesFixture(options: {
  email: string;
  leads: number;
  imap?: ServerSettings;
  config?: Partial<ContainerConfig>;
}) {
  const smtp: SmtpPeer = await startSmtpPeer();
  const t = await createTestApp(options.config);
  const session = await registerUser(t.app, options.email);
  const userId = (await getCurrentUser(t.app, session)).json().id as string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, cookie = session) =>
    t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${cookie}` } });
  const accountId = await seedSmtpAccount(t.database.db, userId, smtp, { imap: options.imap, sendsPerMinute: 1000 });
  const sending = { accountId, leads: options.leads, domain: 'prospects.test' };
  const { campaignId, leadIds } = await sendIntroCampaign(t, { session, userId }, sending);
  const [account] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));

  return {
    t,
    smtp,
    call,
    session,
    userId,
    account,
    campaignId,
    leadIds,
    /** The campaign mail sent to lead `n`: its row id and Message-ID. */
    async sentTo(n: number) {
      const [row] = await t.database.db
        .select({ id: campaignRecipients.id, messageId: campaignRecipients.messageId, state: campaignRecipients.state })
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.leadId, leadIds[n])));
      if (!row?.messageId) throw new Error(`no mail was sent to lead ${n}`);
      return { id: row.id, messageId: row.messageId, state: row.state };
    },
    async lead(n: number) {
      const [row] = await t.database.db.select().from(leads).where(eq(leads.id, leadIds[n]));
      return row;
    },
    async close() {
      await t.close();
      await smtp.stop();
    },
  };
}

export type RepliesFixture = Awaited<ReturnType<typeof createRepliesFixture>>;

/**
 * A replies fixture whose mailbox is read over IMAP from a fresh Dovecot (`imap`), and `writer`, signed in to that
 * mailbox as the prospects' side that appends mail to it; `close` ends all three.
 */
export async function createImapRepliesFixture(options: { email: string; leads: number }) {
  const imap = await startDovecot();
  let writer: ImapFlow | undefined;
  try {
    writer = await imap.connectClient();
    const fixture = await createRepliesFixture({ ...options, imap: imapSettings(imap) });
    const mailWriter = writer;
    const close = async () => {
      await mailWriter.logout().catch(() => {});
      await fixture.close();
      await imap.stop();
    };
    return { ...fixture, imap, writer: mailWriter, close };
  } catch (error) {
    await writer?.logout().catch(() => {});
    await imap.stop();
    throw error;
  }
}

export type ImapRepliesFixture = Awaited<ReturnType<typeof createImapRepliesFixture>>;

/**
 * The campaign the replies tests answer, sent by the real sender from `accountId`: the user's postal address set, the
 * Intro template, and `leads` leads `lead-N@<domain>` (first name LeadN) to send it to.
 */
export async function sendIntroCampaign(
  t: TestApp,
  user: { session: string; userId: string },
  options: { accountId: number; leads: number; domain: string },
): Promise<{ campaignId: number; leadIds: number[] }> {
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${user.session}` } });
  await call('PUT', '/api/user/profile', { postalAddress: '1 Harbor Way, Austin, TX 78701' });
  const template = await call('POST', '/api/templates', {
    name: 'Intro',
    subject: 'Homes near you, {firstName|there}',
    body: '<p>Hi {firstName}, shall we talk about your home?</p>',
    status: 'active',
  });
  const csvData = Array.from({ length: options.leads }, (_, i) => ({
    email: `lead-${i}@${options.domain}`,
    first_name: `Lead${i}`,
  }));
  await call('POST', '/api/leads/upload-csv', { csvData, firstRowNumber: 2 });
  const leadIds = (
    await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.userId, user.userId)).orderBy(leads.id)
  ).map((row) => row.id);
  const started = await call('POST', '/api/campaigns/send-mass-email', {
    accountId: options.accountId,
    templateId: template.json().id,
    leadIds,
  });
  expect(started.statusCode, started.body).toBe(200);
  const campaignId = started.json().campaignId as number;
  await t.container.services.campaignSender.run(campaignId);
  return { campaignId, leadIds };
}

/** A prospect's message as their mail program would write it. */
export function prospectMail(fields: {
  from: string;
  subject: string;
  text: string;
  messageId: string;
  inReplyTo?: string;
  headers?: string[];
  to?: string;
}): string {
  return [
    `From: ${fields.from}`,
    `To: ${fields.to ?? 'sender@smtp.test'}`,
    `Subject: ${fields.subject}`,
    `Message-ID: ${fields.messageId}`,
    ...(fields.inReplyTo ? [`In-Reply-To: ${fields.inReplyTo}`, `References: ${fields.inReplyTo}`] : []),
    'Date: Mon, 23 Nov 2026 10:00:00 +0000',
    ...(fields.headers ?? []),
    'Content-Type: text/plain; charset=utf-8',
    '',
    fields.text,
    '',
  ].join('\r\n');
}

/** A standard delivery status notification (RFC 3464) for our mail `originalId` to `recipient`. */
export function deliveryReport(recipient: string, originalId: string, status: string, action = 'failed'): string {
  const head = {
    from: 'Mail Delivery System <mailer-daemon@mx.prospects.test>',
    subject: 'Undelivered Mail Returned to Sender',
    messageId: `<dsn-${status}-${Math.random().toString(36).slice(2)}@mx.prospects.test>`,
    date: 'Mon, 23 Nov 2026 10:05:00 +0000',
    reportType: 'delivery-status',
    boundary: 'report-boundary',
  };
  const diagnostic = status.startsWith('5') ? '550 5.1.1 User unknown' : '451 4.2.2 Mailbox full';
  const report = [
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.prospects.test',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${diagnostic}`,
    '',
  ];
  const original = ['Content-Type: text/rfc822-headers', '', ...ourMailHeaders(recipient, originalId), ''];
  return multipartReport(head, 'Your message could not be delivered.', report, original);
}

/** A spam complaint (ARF, RFC 5965) about our mail `originalId` to `recipient`. */
export function complaintReport(recipient: string, originalId: string): string {
  const head = {
    from: 'feedback@isp.test',
    subject: 'Abuse report',
    messageId: `<arf-${Math.random().toString(36).slice(2)}@isp.test>`,
    date: 'Mon, 23 Nov 2026 10:06:00 +0000',
    reportType: 'feedback-report',
    boundary: 'arf-boundary',
  };
  const report = [
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: ISP-FBL/1.0',
    'Version: 1',
    `Original-Rcpt-To: ${recipient}`,
    '',
  ];
  const original = ['Content-Type: message/rfc822', '', ...ourMailHeaders(recipient, originalId), '', 'Hi.', ''];
  return multipartReport(head, 'This is an email abuse report.', report, original);
}

/** The headers of our mail `messageId` to `recipient`, as a report quotes them. */
function ourMailHeaders(recipient: string, messageId: string): string[] {
  return ['From: sender@smtp.test', `To: ${recipient}`, `Message-ID: ${messageId}`, 'Subject: Homes near you'];
}

/**
 * A report (RFC 6522) to sender@smtp.test as a reporting system writes it: a plain-text part a person reads
 * (`readable`), the report's own part (`report`), then the part about our mail (`original`).
 */
function multipartReport(
  head: { from: string; subject: string; messageId: string; date: string; reportType: string; boundary: string },
  readable: string,
  report: string[],
  original: string[],
): string {
  const separator = `--${head.boundary}`;
  return [
    `From: ${head.from}`,
    'To: sender@smtp.test',
    `Subject: ${head.subject}`,
    `Message-ID: ${head.messageId}`,
    `Date: ${head.date}`,
    `Content-Type: multipart/report; report-type=${head.reportType}; boundary="${head.boundary}"`,
    '',
    separator,
    'Content-Type: text/plain',
    '',
    readable,
    '',
    separator,
    ...report,
    separator,
    ...original,
    `${separator}--`,
    '',
  ].join('\r\n');
}
