import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRecipients, emailAccounts, leads } from '../../db/schema';
import { createCampaignsTestApp, MONDAY_MORNING } from './campaigns-test-helpers';
import { CampaignWaitingError, STALE_SENDING_MS } from './engine/run';

let now = MONDAY_MORNING;
const { t, smtp, call, sender, template, start, campaign, run, recipientsOf } = await createCampaignsTestApp({
  read: () => now,
  set: (to) => {
    now = to;
  },
});

describe('sending a campaign through the SMTP peer', () => {
  it('skips leads mailed this week, leads that got the template, unsubscribed, bounced and foreign leads', async () => {
    now = new Date('2026-11-29T10:00:00Z'); // Sunday: the last day of ISO week 48
    const owner = await sender('skips', { count: 6 });
    const stranger = await sender('skip-stranger', { count: 1 });
    const first = await start(owner.token, { ...owner, leadIds: owner.leadIds.slice(0, 2) });
    await run(first);
    await t.database.db.update(leads).set({ status: 'unsubscribed' }).where(eq(leads.id, owner.leadIds[2]));
    await t.database.db.update(leads).set({ status: 'bounced' }).where(eq(leads.id, owner.leadIds[3]));

    const other = await template(owner.token, { name: 'Other', subject: 'Other news' });
    const second = await start(owner.token, {
      accountId: owner.accountId,
      templateId: other,
      leadIds: [...owner.leadIds, stranger.leadIds[0], 999_999_999],
    });
    await run(second);
    // Only leads 4 and 5 can be mailed: 0 and 1 got a mail this week, 2 and 3 may not be mailed, two are not ours.
    expect(await campaign(owner.token, second)).toMatchObject({
      status: 'completed',
      totalEmails: 2,
      emailsSent: 2,
      emailsSkipped: 6,
    });
    expect(recipientsOf('skip-stranger-0@leads.test')).toHaveLength(0);
    expect(recipientsOf('skips-2@leads.test')).toHaveLength(0);

    // Next week (Monday) the weekly rule lets leads 0 and 1 through, but not for the template they already got.
    now = new Date('2026-11-30T10:00:00Z');
    const again = await start(owner.token, { ...owner, leadIds: owner.leadIds.slice(0, 2) });
    expect(await campaign(owner.token, again)).toMatchObject({ status: 'completed', totalEmails: 0, emailsSkipped: 2 });
    const third = await template(owner.token, { name: 'Third', subject: 'Week two' });
    const weekTwo = await start(owner.token, {
      accountId: owner.accountId,
      templateId: third,
      leadIds: owner.leadIds.slice(0, 2),
    });
    await run(weekTwo);
    expect(recipientsOf('skips-0@leads.test')).toHaveLength(2);
  });

  it('queues the recipients of a campaign larger than one statement’s chunk whole, in the order of the leads', async () => {
    const owner = await sender('chunks', { count: 10_050 });
    // Given backwards, twice over, with a lead that is not there: chunks of 10,000 split what remains in two.
    const leadIds = [...owner.leadIds].reverse();
    const id = await start(owner.token, { ...owner, leadIds: [...leadIds, ...leadIds, 999_999_999] });
    expect(await campaign(owner.token, id)).toMatchObject({ status: 'running', totalEmails: 10_050, emailsSkipped: 1 });
    const queued = await t.database.db
      .select({ leadId: campaignRecipients.leadId })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id))
      .orderBy(campaignRecipients.id);
    expect(queued.map((row) => row.leadId)).toEqual(owner.leadIds);
    // Not sent here: paused, so that no later test's sender takes it up.
    expect((await call('POST', `/api/campaigns/${id}/pause`, owner.token)).statusCode).toBe(200);
  }, 60_000);

  it('tries a 421 again after a wait, and fails a 550 5.1.1 at once, bouncing the lead', async () => {
    const { token, accountId, templateId, leadIds } = await sender('answers', { count: 3 });
    const id = await start(token, { accountId, templateId, leadIds });
    // Refused until told otherwise: a 421 closes the connection, and nodemailer's pool sends a message it had not
    // started again over a new one, which this server refuses too.
    smtp.failRecipient('answers-0@leads.test', 421, '4.7.0 Try again later', Number.POSITIVE_INFINITY);
    await expect(run(id)).rejects.toBeInstanceOf(CampaignWaitingError);
    smtp.acceptRecipient('answers-0@leads.test');
    expect(recipientsOf('answers-0@leads.test')).toHaveLength(0);
    expect(recipientsOf('answers-1@leads.test')).toHaveLength(1);
    expect(await campaign(token, id)).toMatchObject({ status: 'running', emailsSent: 2 });

    now = new Date(now.getTime() + 61_000);
    await run(id);
    expect(recipientsOf('answers-0@leads.test')).toHaveLength(1);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 3 });

    const bounced = await sender('bounce', { count: 2 });
    const second = await start(bounced.token, bounced);
    smtp.failRecipient('bounce-0@leads.test', 550, '5.1.1 <bounce-0@leads.test>: no such user');
    await run(second);
    expect(await campaign(bounced.token, second)).toMatchObject({
      status: 'completed',
      emailsSent: 1,
      emailsFailed: 1,
    });
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, bounced.leadIds[0]));
    expect(lead.status).toBe('bounced');
  });

  it('calls a mail unknown when the connection broke after the server took it, and never sends it again', async () => {
    const { token, accountId, templateId, leadIds } = await sender('dropped', { count: 3 });
    const id = await start(token, { accountId, templateId, leadIds });
    smtp.dropAfterData('dropped-1@leads.test');
    await run(id);
    await run(id);
    expect(recipientsOf('dropped-1@leads.test')).toHaveLength(1);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 2, emailsUnknown: 1 });
    const [row] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.leadId, leadIds[1]));
    expect(row.state).toBe('unknown');
    expect(row.lastError).toMatch(/may or may not have been sent/);
  });

  it('fails a campaign whose every mail failed, saying why', async () => {
    const { token, accountId, templateId, leadIds } = await sender('refused', { count: 2 });
    const id = await start(token, { accountId, templateId, leadIds });
    smtp.failNextWith(552, '5.3.4 Message size exceeds fixed limit', 2);
    await run(id);
    const result = await campaign(token, id);
    expect(result).toMatchObject({ status: 'failed', emailsFailed: 2, emailsSent: 0 });
    expect(result.errorMessage).toBe(
      'Every email failed. The last error: The SMTP server refused the message: 552 5.3.4 Message size exceeds fixed limit',
    );
  });

  it('pauses every campaign of the mailbox and marks the account when the mailbox refuses the sign-in', async () => {
    const { token, accountId, templateId, leadIds } = await sender('locked', { count: 4, smtpPassword: 'changed' });
    const id = await start(token, { accountId, templateId, leadIds: leadIds.slice(0, 3) });
    const other = await template(token, { name: 'Other', subject: 'Other news' });
    const alongside = await start(token, { accountId, templateId: other, leadIds: [leadIds[3]] });
    await run(id);
    expect(await campaign(token, alongside)).toMatchObject({ status: 'paused', emailsSent: 0 });
    const result = await campaign(token, id);
    expect(result).toMatchObject({ status: 'paused', emailsSent: 0, emailsFailed: 0, totalEmails: 3 });
    expect(result.errorMessage).toMatch(/^Sending stopped: sender@smtp.test refused the sign-in \(SMTP login failed/);
    expect(result.errorMessage).toMatch(
      /Reconnect the mailbox on the Email Accounts page, then resume the campaign\.$/,
    );
    const [account] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
    expect(account.status).toBe('error');
    const states = await t.database.db
      .select({ state: campaignRecipients.state })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id));
    expect(states.map((row) => row.state)).toEqual(['pending', 'pending', 'pending']);
  });

  it('never sends a row again that a stopped sender left mid-send: it is unknown', async () => {
    const { token, accountId, templateId, leadIds } = await sender('crash', { count: 3 });
    const id = await start(token, { accountId, templateId, leadIds });
    // What a sender killed between claiming the row and committing its outcome leaves behind.
    await t.database.db
      .update(campaignRecipients)
      .set({ state: 'sending', attempts: 1, claimedAt: now })
      .where(eq(campaignRecipients.leadId, leadIds[0]));
    now = new Date(now.getTime() + STALE_SENDING_MS + 1000);
    await run(id);
    expect(recipientsOf('crash-0@leads.test')).toHaveLength(0);
    expect(await campaign(token, id)).toMatchObject({
      status: 'completed',
      totalEmails: 3,
      emailsSent: 2,
      emailsUnknown: 1,
    });
  });

  it('sends each mail once when two senders run the same campaign at the same time', async () => {
    const { token, accountId, templateId, leadIds } = await sender('pair', { count: 40 });
    const id = await start(token, { accountId, templateId, leadIds });
    // A sender that runs out of rows while another still sends one hands the job back to come again later.
    const results = await Promise.allSettled([run(id), run(id), run(id)]);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(CampaignWaitingError);
    }
    expect(results.some((result) => result.status === 'fulfilled')).toBe(true);
    for (let i = 0; i < 40; i++) expect(recipientsOf(`pair-${i}@leads.test`)).toHaveLength(1);
    const rows = await t.database.db
      .select({ attempts: campaignRecipients.attempts })
      .from(campaignRecipients)
      .where(inArray(campaignRecipients.leadId, leadIds));
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', emailsSent: 40 });
  });
});
