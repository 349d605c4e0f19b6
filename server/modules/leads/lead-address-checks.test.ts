import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, leads } from '../../db/schema';
import { createLinkTokens } from '../../lib/link-tokens';
import { createTestApp, getCurrentUser, registerUser, testConfig } from '../../test/app';
import { startDnsServer, type TestDnsServer } from '../../test/dns-server';
import { seedSmtpAccount } from '../../test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
let smtp: SmtpPeer;
let dns: TestDnsServer;

beforeAll(async () => {
  [smtp, dns] = await Promise.all([
    startSmtpPeer(),
    startDnsServer({
      // The peer's mailbox, sender@smtp.test: a domain that takes mail, as any mailbox that gets replies has.
      'smtp.test': [{ type: 'MX', exchange: 'mx.smtp.test' }],
      'mx.test': [{ type: 'MX', exchange: 'mail.mx.test' }],
      'a-only.test': [{ type: 'A', address: '192.0.2.30' }],
    }),
  ]);
  t = await createTestApp({ authRateLimitPerMinute: 10_000, dnsServers: [dns.server] });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await dns?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });

/** A user with a mailbox on the peer (as `senderEmail`), these leads and a campaign to them, not yet run. */
async function campaignTo(label: string, emails: string[], senderEmail?: string) {
  const token = await registerUser(t.app, `${label}@checks.test`);
  const userId = (await getCurrentUser(t.app, token)).json().id as string;
  await call('PUT', '/api/user/profile', token, { postalAddress: '1 Harbor Way, Austin, TX 78701' });
  const accountId = await seedSmtpAccount(t.database.db, userId, smtp, { email: senderEmail });
  const template = await call('POST', '/api/templates', token, {
    name: 'Intro',
    subject: 'Hello {firstName|there}',
    body: '<p>Hi.</p>',
    status: 'active',
  });
  await call('POST', '/api/leads/upload-csv', token, {
    csvData: emails.map((email) => ({ email })),
    firstRowNumber: 2,
  });
  const rows = await t.database.db.select().from(leads).where(eq(leads.userId, userId));
  const leadId = (email: string) => rows.find((row) => row.email === email)?.id as number;
  const started = await call('POST', '/api/campaigns/send-mass-email', token, {
    accountId,
    templateId: template.json().id,
    leadIds: rows.map((row) => row.id),
  });
  expect(started.statusCode, started.body).toBe(200);
  const campaignId = started.json().campaignId as number;
  return {
    token,
    leadId,
    campaignId,
    run: () => t.container.services.campaignSender.run(campaignId),
    lead: async (email: string) => (await call('GET', `/api/leads/${leadId(email)}`, token)).json().lead,
    row: async (email: string) =>
      (
        await t.database.db
          .select()
          .from(campaignRecipients)
          .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.leadId, leadId(email))))
      )[0],
  };
}

const delivered = () => smtp.received.map((mail) => mail.envelopeTo[0]);

describe('checking lead addresses before sending (local DNS server, SMTP peer)', () => {
  it('never hands a lead on a domain without mail servers to the mailbox, and bounces it with the reason', async () => {
    const owner = await campaignTo('domains', ['ann@mx.test', 'bob@a-only.test', 'cy@nowhere.test']);
    await owner.run();

    expect(delivered()).toEqual(expect.arrayContaining(['ann@mx.test', 'bob@a-only.test']));
    expect(delivered()).not.toContain('cy@nowhere.test');
    expect(await owner.row('cy@nowhere.test')).toMatchObject({
      state: 'skipped',
      lastError: 'No mail server for this domain: not sent.',
    });
    expect(await owner.lead('cy@nowhere.test')).toMatchObject({
      status: 'bounced',
      statusReason: 'No mail server for this domain',
    });
    expect(await owner.lead('ann@mx.test')).toMatchObject({ status: 'active', statusReason: null });
    const campaign = (await call('GET', `/api/campaigns/${owner.campaignId}`, owner.token)).json();
    expect(campaign).toMatchObject({ status: 'completed', emailsSent: 2, emailsSkipped: 1 });
  });

  it('sends every lead when the DNS cannot see the sending mailbox’s own domain take mail', async () => {
    const owner = await campaignTo('untrusted', ['dee@nowhere-else.test'], 'sender@unlisted.test');
    await owner.run();
    expect(delivered()).toContain('dee@nowhere-else.test');
    expect(await owner.lead('dee@nowhere-else.test')).toMatchObject({ status: 'active', statusReason: null });
  });

  it('gives the SMTP answer as the reason of a lead bounced for a mailbox that does not exist', async () => {
    const owner = await campaignTo('no-mailbox', ['gone@mx.test']);
    smtp.failRecipient('gone@mx.test', 550, '5.1.1 <gone@mx.test>: no such user');
    await owner.run();
    const lead = await owner.lead('gone@mx.test');
    expect(lead.status).toBe('bounced');
    expect(lead.statusReason).toMatch(/^The mailbox does not exist: .*550 5\.1\.1 <gone@mx\.test>: no such user/);
  });

  it('says a lead unsubscribed with the link in an email, and that it was not by hand', async () => {
    const owner = await campaignTo('link', ['eve@mx.test']);
    const row = await owner.row('eve@mx.test');
    // Set back to active by hand earlier: the link's unsubscribe is the lead's own again.
    for (const status of ['bounced', 'active']) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/leads/${owner.leadId('eve@mx.test')}`,
        payload: { status },
        headers: { cookie: `lr_session=${owner.token}` },
      });
    }
    expect(await owner.lead('eve@mx.test')).toMatchObject({ status: 'active', statusChangedByHand: true });
    const response = await t.app.inject({
      method: 'POST',
      url: `/u/${createLinkTokens(testConfig.sessionSecret).sign('unsubscribe', row.id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(await owner.lead('eve@mx.test')).toMatchObject({
      status: 'unsubscribed',
      statusReason: 'Unsubscribed with the link in an email',
      statusChangedAt: expect.any(String),
      statusChangedByHand: false,
    });
  });
});

describe('role addresses and disposable domains', () => {
  const emails = ['info@acme.test', 'Sales@acme.test', 'jane@acme.test', 'x@mailinator.com', 'y@YOPmail.com'];
  let token: string;
  let idOf: (email: string) => number;

  beforeAll(async () => {
    token = await registerUser(t.app, 'flags@checks.test');
    await call('POST', '/api/leads/upload-csv', token, { csvData: emails.map((email) => ({ email })) });
    const listed: { id: number; email: string }[] = (await call('GET', '/api/leads', token)).json();
    idOf = (email) => listed.find((lead) => lead.email === email)?.id as number;
  });

  const listEmails = async (query: string) =>
    ((await call('GET', `/api/leads${query}`, token)).json() as { email: string }[]).map((lead) => lead.email).sort();

  it('flags them on the lead, without blocking anything', async () => {
    const flagsOf = async (email: string) => {
      const { lead } = (await call('GET', `/api/leads/${idOf(email)}`, token)).json();
      return { isRoleAddress: lead.isRoleAddress, isDisposable: lead.isDisposable, status: lead.status };
    };
    expect(await flagsOf('info@acme.test')).toEqual({ isRoleAddress: true, isDisposable: false, status: 'active' });
    expect(await flagsOf('Sales@acme.test')).toMatchObject({ isRoleAddress: true });
    expect(await flagsOf('jane@acme.test')).toEqual({ isRoleAddress: false, isDisposable: false, status: 'active' });
    expect(await flagsOf('x@mailinator.com')).toEqual({ isRoleAddress: false, isDisposable: true, status: 'active' });
    expect(await flagsOf('y@YOPmail.com')).toMatchObject({ isDisposable: true });
  });

  it('filters the list by either flag in the database', async () => {
    expect(await listEmails('?flag=role')).toEqual(['Sales@acme.test', 'info@acme.test']);
    expect(await listEmails('?flag=disposable')).toEqual(['x@mailinator.com', 'y@YOPmail.com']);
    expect(await listEmails('?flag=disposable&limit=1&offset=1')).toHaveLength(1);
    expect(await listEmails('')).toHaveLength(emails.length);
    expect((await call('GET', '/api/leads?flag=other', token)).statusCode).toBe(400);
  });
});
