import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRecipients } from '../../db/schema';
import { createCampaignsTestApp, MONDAY_MORNING } from './campaigns-test-helpers';

let now = MONDAY_MORNING;
const { t, smtp, call, sender, start, run } = await createCampaignsTestApp({
  read: () => now,
  set: (to) => {
    now = to;
  },
});

describe('the one record of sent mail', () => {
  it('counts campaign mails and test mails in the mailbox volume of today and this week', async () => {
    const { token, accountId, templateId, leadIds } = await sender('volume', { count: 3 });
    await run(await start(token, { accountId, templateId, leadIds }));
    const test = await call('POST', `/api/email-accounts/${accountId}/test`, token, { to: 'me@volume.test' });
    expect(test.statusCode, test.body).toBe(200);
    expect((await call('GET', '/api/email-accounts/stats', token)).json()).toEqual({
      emailsSentToday: 4,
      emailsSentThisWeek: 4,
    });
    // A test mail is not a campaign mail: the dashboard's figures leave it out.
    expect((await call('GET', '/api/dashboard/stats', token)).json()).toMatchObject({ totalEmailsSent: 3 });
  });
});

describe('GET /api/dashboard/stats', () => {
  it('counts the user’s mails and answers, with rates in percent to one decimal', async () => {
    const { token, accountId, templateId, leadIds } = await sender('stats', { count: 4 });
    expect((await call('GET', '/api/dashboard/stats', token)).json()).toEqual({
      totalEmailsSent: 0,
      emailsDelivered: 0,
      emailsOpened: 0,
      emailsClicked: 0,
      emailsResponded: 0,
      deliveryRate: 0,
      openRate: 0,
      clickRate: 0,
      responseRate: 0,
      conversionRate: 0,
      machineEventsLeftOut: 0,
      meetingsBooked: 0,
    });
    const id = await start(token, { accountId, templateId, leadIds });
    smtp.failRecipient('stats-0@leads.test', 550, '5.1.1 no such user');
    await run(id);
    // One lead answered (the replies reader will record this).
    await t.database.db
      .update(campaignRecipients)
      .set({ repliedAt: now })
      .where(eq(campaignRecipients.leadId, leadIds[1]));
    expect((await call('GET', '/api/dashboard/stats', token)).json()).toEqual({
      totalEmailsSent: 4,
      emailsDelivered: 3,
      emailsOpened: 0,
      emailsClicked: 0,
      emailsResponded: 1,
      deliveryRate: 75,
      openRate: 0,
      clickRate: 0,
      responseRate: 33.3,
      conversionRate: 33.3,
      machineEventsLeftOut: 0,
      meetingsBooked: 0,
    });
    expect(
      (await call('GET', '/api/dashboard/stats', (await sender('stats-other')).token)).json().totalEmailsSent,
    ).toBe(0);
  });
});
