import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, emailAccounts, leads, users } from '../../db/schema';
import { createTestApp, getCurrentUser, postJson, registerUser, sessionCookie } from '../../test/app';
import { prospectMail } from '../../test/replies-fixture';
import { seedSmtpAccount } from '../../test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';
import { CHROME_USER_AGENT } from '../../test/tracked-campaign';
import { CONDITION_SKIP } from './sequence-advance';

// A 3-step sequence whose later steps depend on what the lead did with the previous mail they got, on a simulated
// clock over two weeks (the week rule allows one campaign mail a week, so three mails need three weeks for a lead
// who gets them all): step 2 only if not opened, step 3 only if clicked. Opens and clicks come through the tracking
// routes, as a mail client or browser makes them; a machine's (a bot user agent) do not count. Out-of-office answers
// are left out here (handled by another part of issue 42).

let now = new Date('2026-11-23T10:00:00Z'); // a Monday, 10:00 (the sending window is weekdays 09:00–17:00 UTC)
const clock = { now: () => now };
let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: SmtpPeer;
let token: string;
let accountId: number;
let leadIds: number[];
let campaignId: number;
const templateIds: number[] = [];

const PERSON_IP = '203.0.113.7';
const BOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
const services = () => t.container.services;
const at = (iso: string) => {
  now = new Date(iso);
};
const address = (n: number) => `lead-${n}@conditions.test`;
const mailsTo = (n: number) =>
  smtp.received.filter((item) => item.envelopeTo.includes(address(n))).map((item) => item.mail);
const subjectsTo = (n: number) => mailsTo(n).map((mail) => mail.subject);
const stepsOf = async (n: number) =>
  (
    await t.database.db
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.leadId, leadIds[n])))
      .orderBy(campaignRecipients.step)
  ).map((row) => [row.step, row.state]);

/** A GET of a link found in the lead's `index`-th mail (the pixel or the tracked link), as a client at `ip` makes it. */
async function hit(n: number, index: number, kind: 'pixel' | 'link', userAgent: string) {
  const html = String(mailsTo(n)[index].html);
  const link =
    kind === 'pixel'
      ? /<img src="([^"]+)"[^>]*width="1"/.exec(html)?.[1]
      : [...html.matchAll(/href="([^"]*\/t\/c\/[^"]*)"/g)].map((match) => match[1].replaceAll('&amp;', '&'))[0];
  if (!link) throw new Error(`no ${kind} in the mail`);
  const url = new URL(link);
  const response = await t.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    remoteAddress: PERSON_IP,
    headers: { 'user-agent': userAgent },
  });
  expect(response.statusCode).toBeLessThan(400);
}

/** Advances the sequences, then lets the sender send what was queued; answers how many step mails were queued. */
async function tick(): Promise<number> {
  const { added } = await services().sequences.advance();
  if (added > 0) await services().campaignSender.run(campaignId);
  return added;
}

/** The campaign list's figures per step, as the owner sees them (signed in again: the session ends after days). */
const stepFigures = async () => {
  const login = await postJson(t.app, '/api/auth/login', { email: 'owner@conditions.test', password: 'correct-horse' });
  const list = await t.app.inject({
    method: 'GET',
    url: '/api/campaigns',
    headers: { cookie: `lr_session=${sessionCookie(login)}` },
  });
  const item = list.json().find((campaign: { id: number }) => campaign.id === campaignId);
  return item.steps.map((step: { condition: string; sent: number; skipped: number; pending: number }) => ({
    condition: step.condition,
    sent: step.sent,
    skipped: step.skipped,
    pending: step.pending,
  }));
};

beforeAll(async () => {
  [t, smtp] = await Promise.all([createTestApp({}, { clock }), startSmtpPeer()]);
  token = await registerUser(t.app, 'owner@conditions.test');
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
  const userId = (await getCurrentUser(t.app, token)).json().id as string;
  await call('PUT', '/api/user/profile', { postalAddress: '1 Harbor Way, Austin, TX 78701' });
  // A paying user: the trial would not end mid-sequence anyway, but its end is not what is tested here.
  await t.database.db.update(users).set({ subscriptionStatus: 'active' }).where(eq(users.id, userId));
  accountId = await seedSmtpAccount(t.database.db, userId, smtp, { sendsPerMinute: 1000 });
  for (const name of ['First touch', 'Second touch', 'Third touch']) {
    const template = await call('POST', '/api/templates', {
      name,
      subject: name,
      body: `<p>${name}: see <a href="https://example.test/offer">our offer</a>.</p>`,
      status: 'active',
    });
    templateIds.push(template.json().id);
  }
  await call('POST', '/api/leads/upload-csv', {
    csvData: Array.from({ length: 5 }, (_, i) => ({ email: address(i), first_name: `Lead${i}` })),
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

describe('sequence steps with a condition on the previous mail', () => {
  it('refuses a step condition it does not know', async () => {
    const send = (condition: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/campaigns/send-mass-email',
        payload: {
          accountId,
          templateId: templateIds[0],
          leadIds,
          sequence: { steps: [{ templateId: templateIds[0] }, { templateId: templateIds[1], condition }] },
        },
        headers: { cookie: `lr_session=${token}` },
      });
    const refused = await send('replied');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('condition');
  });

  it('sends step 1 to everyone', async () => {
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
            { templateId: templateIds[1], delayDays: 7, condition: 'not_opened' },
            { templateId: templateIds[2], delayDays: 2, condition: 'clicked' },
          ],
        },
      },
    });
    expect(started.statusCode, started.body).toBe(200);
    campaignId = started.json().campaignId;
    await services().campaignSender.run(campaignId);
    for (const n of [0, 1, 2, 3, 4]) expect(subjectsTo(n)).toEqual(['First touch']);
    expect((await stepFigures()).map((step: { condition: string }) => step.condition)).toEqual([
      'always',
      'not_opened',
      'clicked',
    ]);
  });

  it('skips step 2 for leads a person opened or clicked, sends it to the others; a reply stops a lead', async () => {
    at('2026-11-24T11:00:00Z');
    await hit(0, 0, 'pixel', CHROME_USER_AGENT); // lead 0 opens
    await hit(1, 0, 'link', CHROME_USER_AGENT); // lead 1 clicks (without loading images): opened too
    await hit(2, 0, 'pixel', BOT); // only a machine fetches lead 2's pixel
    await hit(2, 0, 'link', BOT);
    const reading = (await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId)))[0];
    const [firstOf4] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.leadId, leadIds[4])));
    await services().inbound.take(
      reading,
      Buffer.from(
        prospectMail({
          from: address(4),
          subject: 'Re: First touch',
          text: 'Not now, thanks.',
          messageId: '<answer-4@conditions.test>',
          inReplyTo: firstOf4.messageId ?? '',
        }),
      ),
    );

    at('2026-11-30T09:59:00Z'); // a minute before a week is up
    expect(await tick()).toBe(0);
    expect(await stepsOf(0)).toEqual([[1, 'sent']]);
    at('2026-11-30T10:00:00Z');
    expect(await tick()).toBe(2);
    expect(subjectsTo(2)).toEqual(['First touch', 'Second touch']); // a machine's open is no open
    expect(subjectsTo(3)).toEqual(['First touch', 'Second touch']);
    for (const n of [0, 1]) {
      expect(subjectsTo(n)).toEqual(['First touch']);
      expect(await stepsOf(n)).toEqual([
        [1, 'sent'],
        [2, 'skipped'],
      ]);
    }
    const [, skip] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.leadId, leadIds[0])))
      .orderBy(campaignRecipients.step);
    expect(skip).toMatchObject({ lastError: CONDITION_SKIP, conditionSkippedAt: now, sentAt: null });
    expect(await stepsOf(4)).toEqual([[1, 'sent']]);
    // Another pass adds nothing.
    expect(await tick()).toBe(0);
  });

  it('counts step 3’s delay from the skip, and sends it only to leads who clicked their latest mail', async () => {
    at('2026-12-01T11:00:00Z');
    await hit(3, 1, 'link', CHROME_USER_AGENT); // lead 3 clicks step 2
    await hit(2, 1, 'link', BOT); // a scanner follows lead 2's link: no click
    at('2026-12-02T09:59:00Z'); // two days after step 2 and the skips, less a minute
    expect(await tick()).toBe(0);
    expect(await stepsOf(1)).toEqual([
      [1, 'sent'],
      [2, 'skipped'],
    ]);
    at('2026-12-02T10:00:00Z');
    // Lead 1 clicked step 1 (its latest mail): step 3 goes. Lead 0 only opened it and lead 2 had only a machine's
    // click: skipped. Lead 3 clicked, but had step 2 this week: one campaign mail a week holds it to Monday.
    expect(await tick()).toBe(1);
    expect(subjectsTo(1)).toEqual(['First touch', 'Third touch']);
    expect(await stepsOf(0)).toEqual([
      [1, 'sent'],
      [2, 'skipped'],
      [3, 'skipped'],
    ]);
    expect(await stepsOf(2)).toEqual([
      [1, 'sent'],
      [2, 'sent'],
      [3, 'skipped'],
    ]);
    expect(await stepsOf(3)).toEqual([
      [1, 'sent'],
      [2, 'sent'],
    ]);
    expect(await stepFigures()).toEqual([
      { condition: 'always', sent: 5, skipped: 0, pending: 0 },
      { condition: 'not_opened', sent: 2, skipped: 2, pending: 0 },
      { condition: 'clicked', sent: 1, skipped: 2, pending: 0 },
    ]);

    at('2026-12-07T10:00:00Z'); // the next week
    expect(await tick()).toBe(1);
    expect(subjectsTo(3)).toEqual(['First touch', 'Second touch', 'Third touch']);
    expect(subjectsTo(4)).toEqual(['First touch']);
    expect((await stepFigures())[2]).toEqual({ condition: 'clicked', sent: 2, skipped: 2, pending: 0 });
    at('2026-12-07T10:01:00Z');
    expect(await services().sequences.advance()).toEqual({ added: 0, finished: 1 });
  });
});
