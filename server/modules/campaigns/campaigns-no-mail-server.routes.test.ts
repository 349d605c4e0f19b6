import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAccounts, leads } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { startDnsServer, type TestDnsServer } from '../../test/dns-server';
import { seedSmtpAccount } from '../../test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let now = new Date('2026-11-23T10:00:00Z');
/** What the campaign read said, and how many mails the peer had, when the sender first waited for a pace slot. */
let atFirstWait: Promise<{ campaign: Record<string, unknown>; delivered: number }> | null = null;
let readCampaign: (() => Promise<Record<string, unknown>>) | null = null;

/** The figures at the first wait for a pace slot; every send loop waits for them before the clock moves on. */
async function readAtFirstWait(read: () => Promise<Record<string, unknown>>) {
  const delivered = smtp.received.length;
  return { campaign: await read(), delivered };
}

let t: TestApp;
let smtp: SmtpPeer;
let dns: TestDnsServer;

beforeAll(async () => {
  [smtp, dns] = await Promise.all([
    startSmtpPeer(),
    startDnsServer({
      // The sending mailbox's own domain takes mail, so the DNS's "no" about a lead's domain is trusted.
      'smtp.test': [{ type: 'MX', exchange: 'mx.smtp.test' }],
      'good.test': [{ type: 'MX', exchange: 'mail.good.test' }],
      'null-mx.test': [{ type: 'MX', exchange: '.' }],
    }),
  ]);
  t = await createTestApp(
    { authRateLimitPerMinute: 10_000, dnsServers: [dns.server] },
    {
      clock: { now: () => now },
      // A wait for a pace slot steps the clock; the first one is where the figures are read, before any send.
      sleep: async (ms) => {
        if (readCampaign) {
          atFirstWait ??= readAtFirstWait(readCampaign);
          await atFirstWait;
        }
        now = new Date(now.getTime() + ms);
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await dns?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });

describe('leads whose domain takes no mail, settled before the first send', () => {
  it('counts them at once in the campaign’s figures, while the leads with mail servers go out at the pace', async () => {
    const token = await registerUser(t.app, 'no-mx@campaigns.test');
    const userId = (await getCurrentUser(t.app, token)).json().id as string;
    await call('PUT', '/api/user/profile', token, { postalAddress: '1 Harbor Way, Austin, TX 78701' });
    const accountId = await seedSmtpAccount(t.database.db, userId, smtp, { sendsPerMinute: 6 });
    // The mailbox's next pace slot is a minute away: nothing can go before the sender first waits for it.
    await t.database.db
      .update(emailAccounts)
      .set({ nextSendAt: new Date(now.getTime() + 60_000) })
      .where(eq(emailAccounts.id, accountId));
    const template = await call('POST', '/api/templates', token, {
      name: 'Intro',
      subject: 'Hello',
      body: '<p>Hi.</p>',
      status: 'active',
    });
    const good = ['ann@good.test', 'bob@good.test', 'cy@good.test'];
    const unreachable = ['dee@nowhere.test', 'eve@null-mx.test', 'fay@gone.test'];
    await call('POST', '/api/leads/upload-csv', token, {
      csvData: [...good, ...unreachable].map((email) => ({ email })),
      firstRowNumber: 2,
    });
    const rows = await t.database.db.select().from(leads).where(eq(leads.userId, userId));
    const started = await call('POST', '/api/campaigns/send-mass-email', token, {
      accountId,
      templateId: template.json().id,
      leadIds: rows.map((row) => row.id),
    });
    expect(started.statusCode, started.body).toBe(200);
    const campaignId = started.json().campaignId as number;
    readCampaign = async () => (await call('GET', `/api/campaigns/${campaignId}`, token)).json();

    await t.container.services.campaignSender.run(campaignId);

    const first = await atFirstWait;
    expect(first?.delivered).toBe(0);
    expect(first?.campaign).toMatchObject({
      status: 'running',
      totalEmails: 3,
      emailsNoMailServer: 3,
      emailsSkipped: 3,
      emailsPending: 3,
      emailsSent: 0,
    });
    const figures = first?.campaign as { totalEmails: number; emailsNoMailServer: number };
    expect(figures.totalEmails + figures.emailsNoMailServer).toBe(6);
    expect(smtp.received.map((mail) => mail.envelopeTo[0]).sort()).toEqual(good);
    expect((await readCampaign()) as object).toMatchObject({
      status: 'completed',
      totalEmails: 3,
      emailsSent: 3,
      emailsNoMailServer: 3,
      emailsSkipped: 3,
    });
    const bounced = (await t.database.db.select().from(leads).where(eq(leads.userId, userId)))
      .filter((lead) => lead.status === 'bounced')
      .map((lead) => [lead.email, lead.statusReason]);
    expect(bounced.sort()).toEqual(unreachable.sort().map((email) => [email, 'No mail server for this domain']));
  });
});
