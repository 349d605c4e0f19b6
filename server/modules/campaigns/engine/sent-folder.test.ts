import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, leads } from '../../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../../test/app';
import { startOAuthPeer } from '../../../test/oauth-peer';

const peer = await startOAuthPeer();
const t = await createTestApp({ oauth: peer.config });
afterAll(async () => {
  await t.close();
  await peer.stop();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${owner}` } });
const copiesTo = (address: string) =>
  peer.sent.filter((item) => item.mail.to && 'value' in item.mail.to && item.mail.to.value[0].address === address);

let owner: string;
let accountId: number;
let templateId: number;
let leadIds: number[];
beforeAll(async () => {
  owner = await registerUser(t.app, 'owner@sent-folder.test');
  const { authUrl } = (await call('GET', '/api/outlook/connect')).json();
  await call('GET', peer.consent(authUrl));
  [{ id: accountId }] = (await call('GET', '/api/email-accounts')).json();
  await call('PUT', '/api/user/profile', { postalAddress: '1 Harbor Way, Austin, TX 78701' });
  const template = await call('POST', '/api/templates', {
    name: 'Intro',
    subject: 'Hello {firstName|there}',
    body: '<p>Hi {firstName}.</p>',
    status: 'active',
  });
  templateId = template.json().id;
  const csvData = Array.from({ length: 3 }, (_, i) => ({ email: `lead-${i}@outlook-leads.test`, first_name: `L${i}` }));
  await call('POST', '/api/leads/upload-csv', { csvData, firstRowNumber: 2 });
  const userId = (await getCurrentUser(t.app, owner)).json().id as string;
  // In upload order (lead-0 first): without ORDER BY the database may answer in any order.
  leadIds = (
    await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.userId, userId)).orderBy(leads.id)
  ).map((row) => row.id);
});

async function start(ids: number[]) {
  const response = await call('POST', '/api/campaigns/send-mass-email', { accountId, templateId, leadIds: ids });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().campaignId as number;
}

describe('a campaign through Outlook settles doubtful mails from the Sent folder', () => {
  it('finds a mail whose answer was lost in Sent Items: sent, and never sent twice', async () => {
    const id = await start(leadIds.slice(0, 2));
    peer.loseNextAnswer('drop');
    await t.container.services.campaignSender.run(id);

    expect(copiesTo('lead-0@outlook-leads.test')).toHaveLength(1);
    expect(copiesTo('lead-1@outlook-leads.test')).toHaveLength(1);
    expect((await call('GET', `/api/campaigns/${id}`)).json()).toMatchObject({
      status: 'completed',
      emailsSent: 2,
      emailsUnknown: 0,
    });
  });

  it('sends again a mail a dead sender left mid-send when Sent Items does not have it', async () => {
    const id = await start([leadIds[2]]);
    // A worker claimed the row ten minutes ago and died before the mail left.
    await t.database.db
      .update(campaignRecipients)
      .set({ state: 'sending', claimedAt: new Date(Date.now() - 10 * 60_000), attempts: 1, accountId })
      .where(eq(campaignRecipients.campaignId, id));
    await t.container.services.campaignSender.run(id);

    expect(copiesTo('lead-2@outlook-leads.test')).toHaveLength(1);
    const [row] = await t.database.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
    expect(row).toMatchObject({ state: 'sent', attempts: 2 });
  });
});
