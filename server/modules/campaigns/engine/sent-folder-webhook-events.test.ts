import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../../../contract/webhook-events';
import { campaignRecipients, leads } from '../../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../../test/app';
import { startOAuthPeer } from '../../../test/oauth-peer';
import { clearQueuedEvents, insertWebhookEndpoint, queuedEvents } from '../../../test/webhook-deliveries';

const peer = await startOAuthPeer();
const t = await createTestApp({ oauth: peer.config });
afterAll(async () => {
  await t.close();
  await peer.stop();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${owner}` } });

let owner: string;
let userId: string;
let accountId: number;
let templateId: number;
let leadIds: number[];
beforeAll(async () => {
  owner = await registerUser(t.app, 'owner@sent-folder-events.test');
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
  const csvData = Array.from({ length: 3 }, (_, i) => ({
    email: `lead-${i}@outlook-events.test`,
    first_name: `L${i}`,
  }));
  await call('POST', '/api/leads/upload-csv', { csvData, firstRowNumber: 2 });
  userId = (await getCurrentUser(t.app, owner)).json().id as string;
  leadIds = (
    await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.userId, userId)).orderBy(leads.id)
  ).map((row) => row.id);
  await insertWebhookEndpoint(t.database.db, userId, WEBHOOK_EVENT_TYPES);
});

async function start(ids: number[]) {
  const response = await call('POST', '/api/campaigns/send-mass-email', { accountId, templateId, leadIds: ids });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().campaignId as number;
}
const sentEvents = async () =>
  (await queuedEvents(t.database.db, userId)).filter((event) => event.type === 'email.sent');

describe('email.sent of a mail settled from the Sent folder', () => {
  it('is queued once for a mail whose answer was lost but which Sent Items holds', async () => {
    const id = await start(leadIds.slice(0, 2));
    peer.loseNextAnswer('drop');
    await t.container.services.campaignSender.run(id);
    const rows = await t.database.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
    expect(rows.map((row) => row.state)).toEqual(['sent', 'sent']);
    const sent = await sentEvents();
    expect(sent.map((event) => (event.data as { email: { id: number } }).email.id).sort()).toEqual(
      rows.map((row) => row.id).sort(),
    );
  });

  it('is queued once for a mail a dead sender left mid-send that Sent Items holds, settled by the minute’s check', async () => {
    const id = await start([leadIds[2]]);
    await t.container.services.campaignSender.run(id);
    await clearQueuedEvents(t.database.db, userId);
    // As if the worker had died after the mail left, before its outcome was committed.
    await t.database.db
      .update(campaignRecipients)
      .set({ state: 'sending', claimedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(campaignRecipients.campaignId, id));
    await t.container.services.campaignSender.settleStale();
    await t.container.services.campaignSender.settleStale();
    const [row] = await t.database.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
    expect(row.state).toBe('sent');
    const sent = await sentEvents();
    expect(sent).toHaveLength(1);
    expect(sent[0].data).toMatchObject({
      email: { id: row.id, campaignId: id, step: 1, leadId: leadIds[2], to: 'lead-2@outlook-events.test' },
    });
  });
});
