import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRecipients, emailAccounts } from '../../db/schema';
import { seedSmtpAccount } from '../../test/seed-smtp-account';
import { DailyLimitError } from '../sending/send-allowance';
import { createCampaignsTestApp, MONDAY_MORNING } from './campaigns-test-helpers';

let now = MONDAY_MORNING;
const { t, smtp, paceSlots, call, sender, start, campaign, run, recipientsOf } = await createCampaignsTestApp({
  read: () => now,
  set: (to) => {
    now = to;
  },
});

describe('inbox rotation and pace', () => {
  it('spreads a campaign over several mailboxes, each within its own daily limit', async () => {
    const owner = await sender('rotation', { count: 13, dailyLimit: 5 });
    const second = await seedSmtpAccount(t.database.db, owner.userId, smtp, {
      email: 'second@smtp.test',
      dailyLimit: 4,
    });
    const id = await start(owner.token, { ...owner, accountIds: [second] });
    expect(await campaign(owner.token, id)).toMatchObject({ accountIds: [owner.accountId, second] });
    await expect(run(id)).rejects.toBeInstanceOf(DailyLimitError);
    const mails = smtp.received.filter((mail) => mail.envelopeTo[0].startsWith('rotation-'));
    const from = (address: string) => mails.filter((mail) => mail.mail.from?.value[0].address === address);
    expect(from('sender@smtp.test')).toHaveLength(5);
    expect(from('second@smtp.test')).toHaveLength(4);
    // A mail names the mailbox it left from, in its Message-ID too.
    expect(from('second@smtp.test')[0].mail.messageId).toMatch(
      new RegExp(`^<campaign-${id}\\.\\d+\\.[0-9a-f]{16}@smtp\\.test>$`),
    );
    expect(await campaign(owner.token, id)).toMatchObject({
      status: 'running',
      emailsSent: 9,
      waitingReason:
        "Today's limits reached on sender@smtp.test (daily limit: 5), second@smtp.test (daily limit: 4); 4 emails go out after midnight",
    });
    const accounts = (await call('GET', '/api/email-accounts', owner.token)).json();
    expect(accounts.map((account: { status: string }) => account.status)).toEqual(['rate_limited', 'rate_limited']);

    now = new Date('2026-11-24T00:00:05Z');
    await run(id);
    expect(await campaign(owner.token, id)).toMatchObject({ status: 'completed', emailsSent: 13 });
    for (let i = 0; i < 13; i++) expect(recipientsOf(`rotation-${i}@leads.test`)).toHaveLength(1);
  });

  it('refuses a rotation mailbox of another user', async () => {
    const owner = await sender('rotation-owner', { count: 1 });
    const stranger = await sender('rotation-stranger');
    const response = await call('POST', '/api/campaigns/send-mass-email', owner.token, {
      accountId: owner.accountId,
      templateId: owner.templateId,
      leadIds: owner.leadIds,
      accountIds: [stranger.accountId],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Email account not found');
  });

  it('sends no faster than the mailbox’s pace, with random gaps between mails', async () => {
    const { token, accountId, templateId, leadIds } = await sender('paced', { count: 12, sendsPerMinute: 6 });
    const id = await start(token, { accountId, templateId, leadIds });
    await run(id);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 12 });
    // The first mail goes at once; each other waited for its slot, 10 to 15 s after the one before (the last
    // slots were taken by send loops that then found nothing left to send).
    expect(paceSlots.length).toBeGreaterThanOrEqual(11);
    const gaps = paceSlots.slice(1).map((slot, i) => (slot.getTime() - paceSlots[i].getTime()) / 1000);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(10);
      expect(gap).toBeLessThanOrEqual(15);
    }
    expect(new Set(gaps.map((gap) => gap.toFixed(3))).size).toBeGreaterThan(1);
  });

  it('sends when the clock reaches a pace slot that falls between two milliseconds', async () => {
    const { token, accountId, templateId, leadIds } = await sender('between', { count: 1, sendsPerMinute: 7 });
    // A slot 0.4 ms after the clock, as a pace of 7 a minute leaves them: JavaScript's clock reads it as now.
    await t.database.db
      .update(emailAccounts)
      .set({ nextSendAt: sql`'2026-11-23T10:00:00.0004Z'::timestamptz` })
      .where(eq(emailAccounts.id, accountId));
    const id = await start(token, { accountId, templateId, leadIds });
    await run(id);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 1 });
    // It went in that slot, not in the next one 8.6 to 12.9 s later.
    const [row] = await t.database.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
    expect(row.claimedAt).toEqual(new Date('2026-11-23T10:00:00Z'));
  });

  it('takes a pace of 1 to 1000 emails a minute through PATCH /api/email-accounts/{id}', async () => {
    const { token, accountId } = await sender('pace-edit');
    const patch = (sendsPerMinute: number) =>
      call('PATCH', `/api/email-accounts/${accountId}`, token, { sendsPerMinute });
    expect((await call('GET', '/api/email-accounts', token)).json()[0].sendsPerMinute).toBe(30);
    expect((await patch(120)).json().sendsPerMinute).toBe(120);
    const tooFast = await patch(1001);
    expect(tooFast.statusCode).toBe(400);
    expect(tooFast.json().message).toBe('The pace can be at most 1000 emails a minute.');
    expect((await patch(0)).json().message).toBe('The pace must be at least 1 email a minute.');
  });
});
