import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, campaigns, emailAccounts, leads, users } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { complaintReport, deliveryReport, prospectMail } from '../../test/replies-fixture';
import { seedSmtpAccount } from '../../test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';

// Sequences on a simulated clock: step 2 goes only to leads who did not answer, only inside the sending
// window (weekdays 09:00–17:00, UTC here), once; an out-of-office pauses a lead until its return date.

let now = new Date('2026-11-23T10:00:00Z'); // a Monday, 10:00
const clock = { now: () => now };
let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: SmtpPeer;
let token: string;
let accountId: number;
let leadIds: number[];
let campaignId: number;
const templateIds: number[] = [];

const services = () => t.container.services;
const at = (iso: string) => {
  now = new Date(iso);
};
const mailsTo = (n: number) =>
  smtp.received.filter((item) => item.envelopeTo.includes(`lead-${n}@sequence.test`)).map((item) => item.mail);
const rowsOf = (n: number) =>
  t.database.db
    .select()
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.leadId, leadIds[n])))
    .orderBy(campaignRecipients.step);
const account = async () =>
  (await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId)))[0];
const status = async () =>
  (await t.database.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId)))[0]
    .status;

/** Advances the sequences, then lets the sender send what was queued; answers how many step mails were queued. */
async function tick(): Promise<number> {
  const { added } = await services().sequences.advance();
  if (added > 0) await services().campaignSender.run(campaignId);
  return added;
}

beforeAll(async () => {
  [t, smtp] = await Promise.all([createTestApp({}, { clock }), startSmtpPeer()]);
  token = await registerUser(t.app, 'owner@sequence.test');
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
  const userId = (await getCurrentUser(t.app, token)).json().id as string;
  await call('PUT', '/api/user/profile', { postalAddress: '1 Harbor Way, Austin, TX 78701' });
  // A paying user: the trial (14 days) would end mid-sequence and pause it (docs/decisions/0019).
  await t.database.db.update(users).set({ subscriptionStatus: 'active' }).where(eq(users.id, userId));
  accountId = await seedSmtpAccount(t.database.db, userId, smtp, { sendsPerMinute: 1000 });
  for (const [name, subject] of [
    ['First touch', 'Homes near you, {firstName}'],
    ['Second touch', 'Following up'],
    ['Third touch', 'Last note'],
  ]) {
    const template = await call('POST', '/api/templates', { name, subject, body: `<p>${name}.</p>`, status: 'active' });
    templateIds.push(template.json().id);
  }
  await call('POST', '/api/leads/upload-csv', {
    csvData: Array.from({ length: 5 }, (_, i) => ({ email: `lead-${i}@sequence.test`, first_name: `Lead${i}` })),
    firstRowNumber: 2,
  });
  leadIds = (
    await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.userId, userId)).orderBy(leads.id)
  ).map((row) => row.id);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('a weekly sequence on a simulated clock', () => {
  it('refuses steps that are not the user’s Active templates, or a first step that is not the selected template', async () => {
    const send = (sequence: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/campaigns/send-mass-email',
        payload: { accountId, templateId: templateIds[0], leadIds, sequence },
        headers: { cookie: `lr_session=${token}` },
      });
    const wrongFirst = await send({ steps: [{ templateId: templateIds[1] }, { templateId: templateIds[2] }] });
    expect(wrongFirst.statusCode).toBe(400);
    expect(wrongFirst.json().message).toBe('The first step of a sequence is the selected template');
    const unknown = await send({ steps: [{ templateId: templateIds[0] }, { templateId: 999_999 }] });
    expect(unknown.statusCode).toBe(404);
    const single = await send({ steps: [{ templateId: templateIds[0] }] });
    expect(single.statusCode).toBe(400);
    expect(single.json().message).toContain('A sequence has at least two steps');
  });

  it('sends step 1 to everyone and stays running for the next steps', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns/send-mass-email',
      headers: { cookie: `lr_session=${token}` },
      payload: {
        accountId,
        templateId: templateIds[0],
        leadIds,
        sequence: {
          cadence: 'weekly',
          steps: [
            { templateId: templateIds[0] },
            { templateId: templateIds[1], sameThread: true },
            { templateId: templateIds[2], delayDays: 3, variants: [{ subject: 'Variant B', body: '<p>B.</p>' }] },
          ],
        },
      },
    });
    expect(started.statusCode, started.body).toBe(200);
    campaignId = started.json().campaignId;
    await services().campaignSender.run(campaignId);
    for (const n of [0, 1, 2, 3, 4])
      expect(mailsTo(n).map((mail) => mail.subject)).toEqual([`Homes near you, Lead${n}`]);
    expect(await status()).toBe('running');
  });

  it('stops a lead who replied, complained or bounced, and pauses one who is away until the return date', async () => {
    const reading = await account();
    const step1 = async (n: number) => (await rowsOf(n))[0].messageId ?? '';
    at('2026-11-24T11:00:00Z');
    await services().inbound.take(
      reading,
      Buffer.from(
        prospectMail({
          from: 'lead-0@sequence.test',
          subject: 'Re: Homes near you',
          text: 'Interesting, call me.',
          messageId: '<answer-0@sequence.test>',
          inReplyTo: await step1(0),
        }),
      ),
    );
    await services().inbound.take(
      reading,
      Buffer.from(
        prospectMail({
          from: 'lead-1@sequence.test',
          subject: 'Out of Office: Homes near you',
          text: 'I am out of the office until December 10, 2026.',
          messageId: '<away-1@sequence.test>',
          inReplyTo: await step1(1),
          headers: ['Auto-Submitted: auto-replied'],
        }),
      ),
    );
    await services().inbound.take(reading, Buffer.from(complaintReport('lead-2@sequence.test', await step1(2))));
    await services().inbound.take(
      reading,
      Buffer.from(deliveryReport('lead-4@sequence.test', await step1(4), '5.1.1')),
    );
    const status = async (n: number) =>
      (await t.database.db.select().from(leads).where(eq(leads.id, leadIds[n])))[0].status;
    expect(await status(2)).toBe('unsubscribed');
    expect(await status(4)).toBe('bounced');
    // One complaint in five mails is far over 0.3%: a brake paused the sequence, and the user goes on.
    const resume = (payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/campaigns/${campaignId}/resume`,
        payload,
        headers: { cookie: `lr_session=${token}` },
      });
    expect((await resume()).statusCode).toBe(409);
    expect((await resume({ confirm: true })).json()).toMatchObject({ status: 'running', brake: null });
  });

  it('sends step 2 a week later, inside the window only, in the thread of step 1, and never twice', async () => {
    at('2026-11-27T10:00:00Z'); // Friday: not a week yet
    expect(await tick()).toBe(0);
    at('2026-11-30T17:30:00Z'); // a week later, but the window has closed for the day
    expect(await tick()).toBe(0);
    at('2026-12-01T09:05:00Z');
    expect(await tick()).toBe(1);
    const [first, second] = mailsTo(3);
    expect(second.subject).toBe(`Re: ${first.subject}`);
    expect(second.inReplyTo).toBe(first.messageId);
    expect(second.text).toContain('Second touch.');
    // The replier, the one away, the unsubscribed and the bounced lead got nothing more.
    for (const n of [0, 1, 2, 4]) expect(mailsTo(n)).toHaveLength(1);
    // Another pass, or another worker's, adds nothing.
    expect(await tick()).toBe(0);
    expect((await rowsOf(3)).map((row) => [row.step, row.state])).toEqual([
      [1, 'sent'],
      [2, 'sent'],
    ]);
  });

  it('keeps one campaign mail a week, gives each lead its fixed variant, and resumes a lead back from holiday', async () => {
    at('2026-12-04T11:00:00Z'); // step 3 is due (3 days), but lead 3 had a mail this week
    expect(await tick()).toBe(0);
    at('2026-12-07T10:00:00Z'); // the next week, but the user paused the sequence
    const owner = (await t.database.db.select().from(users).where(eq(users.email, 'owner@sequence.test')))[0];
    await services().campaigns.pause(owner, String(campaignId));
    expect(await tick()).toBe(0);
    await services().campaigns.resume(owner, String(campaignId));
    expect(await tick()).toBe(1);
    const [, , third] = await rowsOf(3);
    expect(third.step).toBe(3);
    expect(mailsTo(3)[2].subject).toBe(third.variant === 1 ? 'Variant B' : 'Last note');
    expect(third.variant).toBe((leadIds[3] + 3) % 2);

    at('2026-12-09T10:00:00Z'); // lead 1 is still away
    expect(await tick()).toBe(0);
    at('2026-12-10T10:00:00Z');
    expect(await tick()).toBe(1);
    expect(mailsTo(1)).toHaveLength(2);
    expect(await status()).toBe('running');
  });

  it('holds a step the sender reaches after the window closed until it opens again, then ends the sequence', async () => {
    at('2026-12-14T16:59:00Z'); // lead 1's last step is queued just before the window closes…
    expect((await services().sequences.advance()).added).toBe(1);
    at('2026-12-14T17:01:00Z'); // …and the sender gets to it after
    await expect(services().campaignSender.run(campaignId)).rejects.toMatchObject({ retryAfterSeconds: 57_540 });
    expect(mailsTo(1)).toHaveLength(2);
    const held = (await rowsOf(1))[2];
    expect(held).toMatchObject({ state: 'pending', attempts: 0, nextAttemptAt: new Date('2026-12-15T09:00:00Z') });
    at('2026-12-15T09:00:00Z');
    await services().campaignSender.run(campaignId);
    expect(mailsTo(1)).toHaveLength(3);
    expect(await status()).toBe('running');
    at('2026-12-15T09:01:00Z');
    expect(await services().sequences.advance()).toEqual({ added: 0, finished: 1 });
    expect(await status()).toBe('completed');
  });
});
