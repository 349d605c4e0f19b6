import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, leads } from '../../../db/schema';
import type { createTestApp } from '../../../test/app';
import { registerSmtpSender, startAppWithSmtpPeer } from '../../../test/seed-smtp-account';
import type { SmtpPeer } from '../../../test/smtp-peer';

// A template whose variables blow up for one lead (a long company name written thousands of times) fails
// that lead's mail with the reason; the campaign sends everyone else's and completes.

let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: SmtpPeer;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, smtp, close } = await startAppWithSmtpPeer({ authRateLimitPerMinute: 1_000 }));
});
afterAll(() => close?.());

describe('a campaign mail too large once filled in', () => {
  it('fails that lead’s mail with the reason and sends the others', async () => {
    const { call, userId, startCampaign } = await registerSmtpSender(t, smtp, 'owner@too-large.test');
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

    const campaignId = await startCampaign(
      created.json().id,
      rows.map((lead) => lead.id),
    );
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
