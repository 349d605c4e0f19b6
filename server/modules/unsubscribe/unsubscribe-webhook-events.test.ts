import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { WebhookEventType } from '../../../contract/webhook-events';
import { campaignRecipients, leads } from '../../db/schema';
import { createLinkTokens } from '../../lib/link-tokens';
import { createTestApp, getCurrentUser, registerUser, testConfig } from '../../test/app';
import { queuedEvents, insertWebhookEndpoint as subscribeTo } from '../../test/webhook-deliveries';

const t = await createTestApp();
afterAll(() => t.close());
const { app } = t;
const { db } = t.database;
const linkTokens = createLinkTokens(testConfig.sessionSecret);

/** A user's lead, mailed once, and the unsubscribe link of that mail. */
async function mailedLead(label: string, events: WebhookEventType[]) {
  const token = await registerUser(app, `${label}@unsubscribe-events.test`);
  const userId = (await getCurrentUser(app, token)).json().id as string;
  await subscribeTo(db, userId, events);
  const [lead] = await db
    .insert(leads)
    .values({ userId, email: `${label}@lead.test`, firstName: 'Pat', company: 'Pat Co' })
    .returning();
  const [mail] = await db
    .insert(campaignRecipients)
    .values({ userId, leadId: lead.id, state: 'sent', sentAt: new Date(), subject: 'Hello' })
    .returning();
  return { userId, lead, link: `/u/${linkTokens.sign('unsubscribe', mail.id)}` };
}

const oneClick = (link: string) =>
  app.inject({
    method: 'POST',
    url: link,
    payload: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('lead.unsubscribed through the link in a mail', () => {
  it('is queued once, when the lead becomes unsubscribed, with when', async () => {
    const { userId, lead, link } = await mailedLead('once', ['lead.unsubscribed', 'lead.updated']);
    expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    expect((await oneClick(link)).statusCode).toBe(200);
    expect((await oneClick(link)).statusCode).toBe(200);
    const [row] = await db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row.status).toBe('unsubscribed');
    expect(await queuedEvents(db, userId)).toEqual([
      {
        type: 'lead.unsubscribed',
        data: {
          lead: {
            id: lead.id,
            email: lead.email,
            firstName: 'Pat',
            lastName: null,
            company: 'Pat Co',
            status: 'unsubscribed',
          },
          unsubscribedAt: row.statusChangedAt?.toISOString(),
        },
      },
    ]);
  });

  it('is not queued for a bounced lead, whom the link leaves as it is, nor for an endpoint that does not ask', async () => {
    const bounced = await mailedLead('bounced', ['lead.unsubscribed']);
    await db.update(leads).set({ status: 'bounced' }).where(eq(leads.id, bounced.lead.id));
    expect((await oneClick(bounced.link)).statusCode).toBe(200);
    expect(await queuedEvents(db, bounced.userId)).toEqual([]);

    const unheard = await mailedLead('unheard', ['lead.created']);
    expect((await oneClick(unheard.link)).statusCode).toBe(200);
    expect(await queuedEvents(db, unheard.userId)).toEqual([]);
  });
});
