import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { campaignRecipients, campaigns } from '../../db/schema';
import { complaintReport, createRepliesFixture, deliveryReport, type RepliesFixture } from '../../test/replies-fixture';

let f: RepliesFixture;
beforeAll(async () => {
  f = await createRepliesFixture({ email: 'owner@inbound-brakes.test', leads: 200 });
  // The campaign still runs, as a sequence between its steps does: the brakes pause running campaigns only.
  await f.t.database.db.update(campaigns).set({ status: 'running' }).where(eq(campaigns.id, f.campaignId));
});
afterAll(async () => {
  await f?.close();
});

const take = (source: string) => f.t.container.services.inbound.take(f.account, Buffer.from(source));
const campaign = async () => (await f.call('GET', `/api/campaigns/${f.campaignId}`)).json();
const notices = async () =>
  (
    await queryRows<{ data: { campaignId: number } }>(
      f.t.database.db,
      sql`SELECT data FROM pgboss.job WHERE name = 'campaigns.brake-notice'`,
    )
  ).filter((job) => job.data.campaignId === f.campaignId);

describe('the brakes on what comes back', () => {
  it('counts a bounce report toward the bounce brake, one bounce staying under it', async () => {
    const sent = await f.sentTo(2);
    await take(deliveryReport('lead-2@prospects.test', sent.messageId, '5.1.1'));
    const [row] = await f.t.database.db.select().from(campaignRecipients).where(eq(campaignRecipients.id, sent.id));
    expect(row.state).toBe('failed');
    expect(row.bouncedAt).not.toBeNull();
    expect(await campaign()).toMatchObject({ status: 'running', brake: null });
  });

  it('pauses the campaign on a spam complaint once complaints pass 0.3% of the mails sent, and queues the notice', async () => {
    const sent = await f.sentTo(4);
    expect(await take(complaintReport('lead-4@prospects.test', sent.messageId))).toEqual({
      outcome: 'taken',
      kind: 'complaint',
    });
    // 1 complaint of the 199 mails still counted as sent (one bounced above).
    expect(await campaign()).toMatchObject({
      status: 'paused',
      brake: 'complaints',
      waitingReason:
        'Paused automatically: a spam complaint came in and complaints are at 0.5% of the emails sent (over 0.3%). Check the list and the message, then resume.',
    });
    expect(await notices()).toHaveLength(1);
  });

  it('does not count complaints about mails sent before the user resumed a braked campaign', async () => {
    const resumed = await f.call('POST', `/api/campaigns/${f.campaignId}/resume`, { confirm: true });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const sent = await f.sentTo(5);
    await take(complaintReport('lead-5@prospects.test', sent.messageId));
    expect(await campaign()).toMatchObject({ status: 'running', brake: null });
    expect(await notices()).toHaveLength(1);
  });
});
