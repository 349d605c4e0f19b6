import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ServerSettings } from '../../contract/accounts';
import type { ContainerConfig } from '../container';
import { campaignRecipients, emailAccounts, leads } from '../db/schema';
import { createTestApp, getCurrentUser, registerUser } from './app';
import { seedSmtpAccount } from './seed-smtp-account';
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
  await call('PUT', '/api/user/profile', { postalAddress: '1 Harbor Way, Austin, TX 78701' });
  const accountId = await seedSmtpAccount(t.database.db, userId, smtp, { imap: options.imap, sendsPerMinute: 1000 });
  const template = await call('POST', '/api/templates', {
    name: 'Intro',
    subject: 'Homes near you, {firstName|there}',
    body: '<p>Hi {firstName}, shall we talk about your home?</p>',
    status: 'active',
  });
  const csvData = Array.from({ length: options.leads }, (_, i) => ({
    email: `lead-${i}@prospects.test`,
    first_name: `Lead${i}`,
  }));
  await call('POST', '/api/leads/upload-csv', { csvData, firstRowNumber: 2 });
  const leadIds = (
    await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.userId, userId)).orderBy(leads.id)
  ).map((row) => row.id);
  const started = await call('POST', '/api/campaigns/send-mass-email', {
    accountId,
    templateId: template.json().id,
    leadIds,
  });
  expect(started.statusCode, started.body).toBe(200);
  const campaignId = started.json().campaignId as number;
  await t.container.services.campaignSender.run(campaignId);
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
  const boundary = 'report-boundary';
  return [
    'From: Mail Delivery System <mailer-daemon@mx.prospects.test>',
    'To: sender@smtp.test',
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: <dsn-${status}-${Math.random().toString(36).slice(2)}@mx.prospects.test>`,
    'Date: Mon, 23 Nov 2026 10:05:00 +0000',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered.',
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.prospects.test',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${status.startsWith('5') ? '550 5.1.1 User unknown' : '451 4.2.2 Mailbox full'}`,
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    'From: sender@smtp.test',
    `To: ${recipient}`,
    `Message-ID: ${originalId}`,
    'Subject: Homes near you',
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** A spam complaint (ARF, RFC 5965) about our mail `originalId` to `recipient`. */
export function complaintReport(recipient: string, originalId: string): string {
  const boundary = 'arf-boundary';
  return [
    'From: feedback@isp.test',
    'To: sender@smtp.test',
    'Subject: Abuse report',
    `Message-ID: <arf-${Math.random().toString(36).slice(2)}@isp.test>`,
    'Date: Mon, 23 Nov 2026 10:06:00 +0000',
    `Content-Type: multipart/report; report-type=feedback-report; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain',
    '',
    'This is an email abuse report.',
    '',
    `--${boundary}`,
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: ISP-FBL/1.0',
    'Version: 1',
    `Original-Rcpt-To: ${recipient}`,
    '',
    `--${boundary}`,
    'Content-Type: message/rfc822',
    '',
    'From: sender@smtp.test',
    `To: ${recipient}`,
    `Message-ID: ${originalId}`,
    'Subject: Homes near you',
    '',
    'Hi.',
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
