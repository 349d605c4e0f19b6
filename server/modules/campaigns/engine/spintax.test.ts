import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSubject } from '../../../../contract/template-render';
import { campaignRecipients, leads } from '../../../db/schema';
import type { createTestApp } from '../../../test/app';
import { registerSmtpSender, startAppWithSmtpPeer } from '../../../test/seed-smtp-account';
import type { SmtpPeer } from '../../../test/smtp-peer';
import { outboundText } from '../../responses/response-rows';
import { renderEmail } from '../../templates/render-email';
import { CampaignWaitingError } from './run';

// Spintax: spins in a campaign’s subject and body pick their words per lead and step (seed "leadId:1" for a
// single mail), the same on a retry of the row and when the mail is read back.

let now = new Date('2026-11-23T10:00:00Z'); // a Monday
const clock = { now: () => now };
let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: SmtpPeer;
let close: () => Promise<void>;

const template = {
  subject: '{{spin: A quick question | One question | A short note}} for {firstName|you}',
  body: '<p>{{spin: Hi | Hello | Hey}} {firstName}, {{spin: | just }}a note for <b>{company}</b>.</p>',
};

beforeAll(async () => {
  ({ t, smtp, close } = await startAppWithSmtpPeer({ authRateLimitPerMinute: 1_000 }, { clock }));
});
afterAll(() => close?.());

describe('a campaign with spins', () => {
  it('sends each lead the words the renderer picks for the seed "leadId:1", a retried mail too', async () => {
    const { call, userId, startCampaign } = await registerSmtpSender(t, smtp, 'owner@spintax.test');
    const created = await call('POST', '/api/templates', { name: 'Spun', status: 'active', ...template });
    expect(created.statusCode, created.body).toBe(201);
    const csvData = Array.from({ length: 8 }, (_, i) => ({
      email: `lead-${i}@spintax.test`,
      first_name: `Lead${i}`,
      company: `Oak & Sons ${i}`,
    }));
    await call('POST', '/api/leads/upload-csv', { csvData, firstRowNumber: 2 });
    const rows = await t.database.db.select().from(leads).where(eq(leads.userId, userId)).orderBy(leads.id);
    expect(rows).toHaveLength(8);

    const campaignId = await startCampaign(
      created.json().id,
      rows.map((lead) => lead.id),
    );
    // The first lead's mail is refused for now and sent on the retry. (Not a 421: the server closes the connection
    // with it, and nodemailer's pool may send the untouched message again at once over a new one.)
    smtp.failRecipient('lead-0@spintax.test', 451, '4.3.0 Try again later');
    await expect(t.container.services.campaignSender.run(campaignId)).rejects.toBeInstanceOf(CampaignWaitingError);
    now = new Date(now.getTime() + 61_000);
    await t.container.services.campaignSender.run(campaignId);

    const received = new Set<string>();
    for (const lead of rows) {
      const mails = smtp.received.filter((item) => item.envelopeTo.includes(lead.email)).map((item) => item.mail);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      const expected = renderEmail(template, lead, `${lead.id}:1`);
      expect(mail.subject).toBe(renderSubject(template.subject, lead, `${lead.id}:1`));
      expect(mail.subject).toBe(expected.subject);
      expect(mail.html).toContain(expected.html);
      expect(mail.text).toContain(expected.text.trim());
      expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toMatch(/spin|\{\{|\|/);
      received.add(`${mail.subject} ${mail.text}`);

      // The Responses view reads the mail back from the template with the seed it was sent with.
      const [row] = await t.database.db.select().from(campaignRecipients).where(eq(campaignRecipients.leadId, lead.id));
      expect(row.subject).toBe(mail.subject);
      expect(outboundText({ mail: { ...row, subject: null }, template }, lead)).toEqual({
        subject: expected.subject,
        body: expected.text,
      });
    }
    // The words vary from lead to lead (18 combinations over 8 leads).
    expect(received.size).toBeGreaterThan(1);
  });
});
