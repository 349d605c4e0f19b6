import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRecipients, emailAccounts } from '../../db/schema';
import { POSTAL_ADDRESS_REQUIRED } from './campaigns.service';
import { createCampaignsTestApp, MONDAY_MORNING } from './campaigns-test-helpers';

let now = MONDAY_MORNING;
const { t, smtp, call, sender, template, start, campaign, run, recipientsOf } = await createCampaignsTestApp({
  read: () => now,
  set: (to) => {
    now = to;
  },
});

describe('POST /api/campaigns/send-mass-email', () => {
  it('answers docs/product.md §5’s texts for what is missing, in order', async () => {
    const { token, accountId, templateId, leadIds } = await sender('checks', { count: 1 });
    const refusal = async (body: object) => {
      const response = await call('POST', '/api/campaigns/send-mass-email', token, body);
      expect(response.statusCode).toBe(400);
      return response.json().message;
    };
    expect(await refusal({ templateId, leadIds })).toBe('Please select an email account');
    expect(await refusal({ accountId, leadIds })).toBe('Please select an email template');
    expect(await refusal({ accountId, templateId, leadIds: [] })).toBe('Please select at least one lead');
    expect(await refusal({ accountId: null, templateId: null, leadIds: null })).toBe('Please select an email account');
  });

  it('refuses a template that is not Active, an account in error, and another user’s account or template', async () => {
    const owner = await sender('owner', { count: 1 });
    const stranger = await sender('stranger', { count: 1 });
    const draft = await template(owner.token, { name: 'Draft', subject: 'Hi', status: 'draft' });
    const base = { accountId: owner.accountId, templateId: owner.templateId, leadIds: owner.leadIds };

    const notActive = await call('POST', '/api/campaigns/send-mass-email', owner.token, { ...base, templateId: draft });
    expect(notActive.statusCode).toBe(400);
    expect(notActive.json().message).toBe('"Draft" is not Active. Set the template to Active to use it in campaigns.');

    const foreignAccount = { ...base, accountId: stranger.accountId };
    expect((await call('POST', '/api/campaigns/send-mass-email', owner.token, foreignAccount)).statusCode).toBe(404);
    const foreignTemplate = { ...base, templateId: stranger.templateId };
    expect((await call('POST', '/api/campaigns/send-mass-email', owner.token, foreignTemplate)).statusCode).toBe(404);

    await t.database.db
      .update(emailAccounts)
      .set({ status: 'error', statusReason: 'SMTP login failed' })
      .where(eq(emailAccounts.id, owner.accountId));
    const broken = await call('POST', '/api/campaigns/send-mass-email', owner.token, base);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(
      'sender@smtp.test needs attention before it can send: SMTP login failed. Fix it on the Email Accounts page.',
    );
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses to send until the postal address is set, as the law requires', async () => {
    const { token, accountId, templateId, leadIds } = await sender('no-address', { count: 1, postalAddress: null });
    const response = await call('POST', '/api/campaigns/send-mass-email', token, { accountId, templateId, leadIds });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(POSTAL_ADDRESS_REQUIRED);
  });
});

describe('listing, pausing, resuming and resending unknown mails', () => {
  it('lists the user’s campaigns newest first with template and mailbox, and nobody else’s', async () => {
    const owner = await sender('lister', { count: 2 });
    const stranger = await sender('lister-stranger', { count: 1 });
    const older = await start(owner.token, { ...owner, leadIds: [owner.leadIds[0]] });
    now = new Date(now.getTime() + 1000);
    const other = await template(owner.token, { name: 'Second', subject: 'Again' });
    const newer = await start(owner.token, {
      accountId: owner.accountId,
      templateId: other,
      leadIds: [owner.leadIds[1]],
    });
    await start(stranger.token, stranger);

    const list = (await call('GET', '/api/campaigns', owner.token)).json();
    expect(list.map((item: { id: number }) => item.id)).toEqual([newer, older]);
    expect(list[0]).toMatchObject({ templateName: 'Second', accountEmail: 'sender@smtp.test', totalEmails: 1 });
    expect((await call('GET', `/api/campaigns/${newer}`, stranger.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/campaigns/${newer}/pause`, stranger.token)).statusCode).toBe(404);
  });

  it('pauses after the mail in flight and resumes where it stopped', async () => {
    const { token, accountId, templateId, leadIds } = await sender('pausing', { count: 4 });
    const id = await start(token, { accountId, templateId, leadIds });
    const paused = await call('POST', `/api/campaigns/${id}/pause`, token);
    expect(paused.json()).toMatchObject({ status: 'paused', waitingReason: 'Paused by you' });
    await run(id);
    expect(smtp.received.filter((mail) => mail.envelopeTo[0].startsWith('pausing-'))).toHaveLength(0);
    expect((await call('POST', `/api/campaigns/${id}/pause`, token)).json().message).toBe(
      'Only a running campaign can be paused',
    );

    const resumed = await call('POST', `/api/campaigns/${id}/resume`, token);
    expect(resumed.json()).toMatchObject({ status: 'running', waitingReason: null });
    await run(id);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 4 });
  });

  it('sends unknown mails again only when the user asks', async () => {
    const { token, accountId, templateId, leadIds } = await sender('resend', { count: 2 });
    const id = await start(token, { accountId, templateId, leadIds });
    await t.database.db
      .update(campaignRecipients)
      .set({ state: 'unknown', attempts: 1 })
      .where(eq(campaignRecipients.leadId, leadIds[0]));
    await run(id);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 1, emailsUnknown: 1 });
    expect(recipientsOf('resend-0@leads.test')).toHaveLength(0);

    const resent = await call('POST', `/api/campaigns/${id}/resend-unknown`, token);
    expect(resent.json()).toMatchObject({ status: 'running', emailsUnknown: 0 });
    await run(id);
    expect(recipientsOf('resend-0@leads.test')).toHaveLength(1);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 2, emailsUnknown: 0 });
    const again = await call('POST', `/api/campaigns/${id}/resend-unknown`, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This campaign has no emails with an unknown outcome');
  });

  it('resumes a campaign stopped by refused credentials only once the mailbox works again', async () => {
    const { token, accountId, templateId, leadIds } = await sender('relock', { count: 1, smtpPassword: 'old' });
    const id = await start(token, { accountId, templateId, leadIds });
    await run(id);
    expect((await campaign(token, id)).status).toBe('paused');
    const refused = await call('POST', `/api/campaigns/${id}/resume`, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^sender@smtp.test needs attention before it can send: SMTP login failed/);
  });
});
