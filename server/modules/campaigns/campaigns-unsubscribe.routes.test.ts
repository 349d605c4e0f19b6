import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRecipients, leads } from '../../db/schema';
import { createLinkTokens } from '../../lib/link-tokens';
import { testConfig } from '../../test/app';
import type { SmtpPeer } from '../../test/smtp-peer';
import { createCampaignsTestApp } from './campaigns-test-helpers';

const { t, sender, start, campaign, run, recipientsOf } = await createCampaignsTestApp();

describe('unsubscribing (RFC 8058 one-click)', () => {
  const linkTokens = createLinkTokens(testConfig.sessionSecret);
  const header = (mail: SmtpPeer['received'][number]['mail'], name: string) =>
    mail.headerLines
      .find((line) => line.key === name)
      ?.line.replace(/^[^:]+:\s*/, '')
      .replace(/\r?\n[ \t]+/g, ' ');
  const leadStatus = async (id: number) =>
    (await t.database.db.select({ status: leads.status }).from(leads).where(eq(leads.id, id)))[0].status;

  it('puts a link in every mail and its headers, which unsubscribes with no cookie, in one POST', async () => {
    const { token, accountId, templateId, leadIds } = await sender('unsub', { count: 2 });
    await run(await start(token, { accountId, templateId, leadIds }));
    const [{ mail }] = recipientsOf('unsub-0@leads.test');
    const link = /^<(http:\/\/localhost:5000\/u\/[^>]+)>, <mailto:[^?>]+\?subject=unsubscribe>$/.exec(
      header(mail, 'list-unsubscribe') ?? '',
    )?.[1];
    expect(link).toBeDefined();
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain(`<a href="${link}"`);
    expect(mail.text).toContain(`Unsubscribe: ${link}`);
    const path = new URL(String(link)).pathname;

    // Opening the link (as a mail scanner would) only asks.
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe?');
    expect(page.body).toContain('unsub-0@leads.test');
    expect(await leadStatus(leadIds[0])).toBe('active');

    const oneClick = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.headers.location).toBeUndefined();
    expect(oneClick.body).toContain('You are unsubscribed');
    expect(await leadStatus(leadIds[0])).toBe('unsubscribed');

    // Some clients post multipart; the other lead's link works the same way.
    const [{ mail: second }] = recipientsOf('unsub-1@leads.test');
    const secondPath = new URL(String(/<([^>]+)>/.exec(header(second, 'list-unsubscribe') ?? '')?.[1])).pathname;
    const boundary = 'x-boundary';
    const multipart = await t.app.inject({
      method: 'POST',
      url: secondPath,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect(await leadStatus(leadIds[1])).toBe('unsubscribed');
  });

  it('answers 404 to a changed link and leaves the lead alone', async () => {
    const { token, accountId, templateId, leadIds } = await sender('tamper', { count: 1 });
    await run(await start(token, { accountId, templateId, leadIds }));
    const [{ mail }] = recipientsOf('tamper-0@leads.test');
    const path = new URL(String(/<([^>]+)>/.exec(header(mail, 'list-unsubscribe') ?? '')?.[1])).pathname;
    const [, id, signature] = /^\/u\/(\d+)\.(.+)$/.exec(path) ?? [];
    for (const changed of [`/u/${Number(id) + 1}.${signature}`, `/u/${id}.${signature.slice(1)}A`, '/u/nonsense']) {
      expect((await t.app.inject({ method: 'GET', url: changed })).statusCode).toBe(404);
      const post = await t.app.inject({
        method: 'POST',
        url: changed,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(post.statusCode).toBe(404);
    }
    expect(await leadStatus(leadIds[0])).toBe('active');
  });

  it('skips the mails still waiting for a lead who unsubscribed, in every campaign', async () => {
    const { token, accountId, templateId, leadIds } = await sender('waiting', { count: 3 });
    const id = await start(token, { accountId, templateId, leadIds });
    const [row] = await t.database.db
      .select({ id: campaignRecipients.id })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.leadId, leadIds[1]));
    const response = await t.app.inject({
      method: 'POST',
      url: `/u/${linkTokens.sign('unsubscribe', row.id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    await run(id);
    expect(recipientsOf('waiting-1@leads.test')).toHaveLength(0);
    expect(await campaign(token, id)).toMatchObject({
      status: 'completed',
      totalEmails: 2,
      emailsSent: 2,
      emailsSkipped: 1,
    });
  });
});
