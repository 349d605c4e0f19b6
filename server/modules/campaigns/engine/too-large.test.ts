import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, leads } from '../../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../../test/app';
import { seedSmtpAccount } from '../../../test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer';

// A template whose variables blow up for one lead (a long company name written thousands of times) fails
// that lead's mail with the reason; the campaign sends everyone else's and completes.

let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: SmtpPeer;

beforeAll(async () => {
  [t, smtp] = await Promise.all([createTestApp({ authRateLimitPerMinute: 1_000 }), startSmtpPeer()]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('a campaign mail too large once filled in', () => {
  it('fails that lead’s mail with the reason and sends the others', async () => {
    const token = await registerUser(t.app, 'owner@too-large.test');
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
    const userId = (await getCurrentUser(t.app, token)).json().id as string;
    await call('PUT', '/api/user/profile', { postalAddress: '1 Harbor Way, Austin, TX 78701' });
    const accountId = await seedSmtpAccount(t.database.db, userId, smtp, { sendsPerMinute: 1000 });
    const created = await call('POST', '/api/templates', {
      name: 'Company, company, company',
      status: 'active',
      subject: 'For {company}',
      body: '<p>{company}</p>'.repeat(2_000),
    });
    expect(created.statusCode, created.body).toBe(201);
    await call('POST', '/api/leads/upload-csv', {
      csvData: [
        { email: 'long@too-large.test', company: 'L'.repeat(200) },
        { email: 'short@too-large.test', company: 'Oak & Sons' },
      ],
      firstRowNumber: 2,
    });
    const rows = await t.database.db.select().from(leads).where(eq(leads.userId, userId)).orderBy(leads.id);

    const started = await call('POST', '/api/campaigns/send-mass-email', {
      accountId,
      templateId: created.json().id,
      leadIds: rows.map((lead) => lead.id),
    });
    expect(started.statusCode, started.body).toBe(200);
    const campaignId = started.json().campaignId as number;
    await t.container.services.campaignSender.run(campaignId);

    expect((await call('GET', `/api/campaigns/${campaignId}`)).json()).toMatchObject({
      status: 'completed',
      emailsSent: 1,
      emailsFailed: 1,
    });
    expect(smtp.received.map((mail) => mail.envelopeTo)).toEqual([['short@too-large.test']]);
    const [failed] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.leadId, rows[0].id));
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed.lastError).toMatch(/^Not sent: this lead's details make the email more than 256 KB longer/);
  });
});
