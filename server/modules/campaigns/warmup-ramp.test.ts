import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, users } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { seedSmtpAccount } from '../../test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';
import { DailyLimitError } from '../sending/send-allowance';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// 10:00 in Chicago on Monday 23 November 2026: the user's local day is what the ramp counts.
let now = new Date('2026-11-23T16:00:00Z');
const clock = { now: () => now };
let t: TestApp;
let smtp: SmtpPeer;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });

beforeAll(async () => {
  [t, smtp] = await Promise.all([
    createTestApp({ authRateLimitPerMinute: 10_000 }, { clock, sleep: async () => {} }),
    startSmtpPeer(),
  ]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/** A user in Chicago with a mailbox on the SMTP peer (ramping from `warmupStartDate`, else warm), leads and a campaign. */
async function campaignOf(label: string, leadCount: number, warmupStartDate?: string) {
  const token = await registerUser(t.app, `${label}@warmup.test`);
  const userId = (await getCurrentUser(t.app, token)).json().id as string;
  await t.database.db.update(users).set({ timezone: 'America/Chicago' }).where(eq(users.id, userId));
  await call('PUT', '/api/user/profile', token, { postalAddress: '1 Harbor Way, Austin, TX 78701' });
  const accountId = await seedSmtpAccount(t.database.db, userId, smtp, { dailyLimit: 300, warmupStartDate });
  const template = await call('POST', '/api/templates', token, {
    name: 'Intro',
    subject: 'Hello {firstName|there}',
    body: '<p>Hi {firstName}.</p>',
    status: 'active',
  });
  const csvData = Array.from({ length: leadCount }, (_, i) => ({ email: `${label}-${i}@leads.test`, first_name: 'A' }));
  await call('POST', '/api/leads/upload-csv', token, { csvData, firstRowNumber: 2 });
  const leadIds = (await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.userId, userId))).map(
    (row) => row.id,
  );
  const started = await call('POST', '/api/campaigns/send-mass-email', token, {
    accountId,
    templateId: template.json().id,
    leadIds,
  });
  expect(started.statusCode, started.body).toBe(200);
  const campaignId = started.json().campaignId as number;
  const sent = () => smtp.received.filter((mail) => mail.envelopeTo[0].startsWith(`${label}-`)).length;
  const run = () => t.container.services.campaignSender.run(campaignId);
  const campaign = async () => (await call('GET', `/api/campaigns/${campaignId}`, token)).json();
  const account = async () => (await call('GET', '/api/email-accounts', token)).json()[0];
  return { token, accountId, sent, run, campaign, account };
}

describe('the warm-up ramp in the campaign engine (SMTP peer on loopback, stepped clock)', () => {
  it('sends 20 on day 1 and 25 on day 2, never more, and shows the ramp on the account', async () => {
    now = new Date('2026-11-23T16:00:00Z');
    const owner = await campaignOf('ramp', 60, '2026-11-23');
    expect(await owner.account()).toMatchObject({
      dailyLimit: 300,
      effectiveDailyLimit: 20,
      warmup: { enabled: true, day: 1, limitToday: 20, fullFromDay: 57 },
    });

    await expect(owner.run()).rejects.toBeInstanceOf(DailyLimitError);
    expect(owner.sent()).toBe(20);
    expect(await owner.campaign()).toMatchObject({
      status: 'running',
      emailsSent: 20,
      waitingReason:
        'Warm-up: 20 a day on day 1 for sender@smtp.test; 40 emails wait: 25 go out after midnight, the rest on the days after',
    });
    // A test mail counts against the same limit: the day is used up.
    const test = await call('POST', `/api/email-accounts/${owner.accountId}/test`, owner.token, { to: 'me@x.test' });
    expect(test.statusCode).toBe(429);
    expect(test.json().message).toBe(
      "sender@smtp.test has reached today's warm-up limit of 20 emails (it rises each day to its daily limit of 300). Sending resumes after midnight.",
    );

    // 23:30 in Chicago (05:30 UTC the next day): still day 1 there.
    now = new Date('2026-11-24T05:30:00Z');
    await expect(owner.run()).rejects.toBeInstanceOf(DailyLimitError);
    expect(owner.sent()).toBe(20);

    now = new Date('2026-11-24T06:00:05Z'); // local midnight: day 2
    expect(await owner.account()).toMatchObject({ effectiveDailyLimit: 25, warmup: { day: 2, limitToday: 25 } });
    await expect(owner.run()).rejects.toBeInstanceOf(DailyLimitError);
    expect(owner.sent()).toBe(45);
    expect((await owner.campaign()).emailsSent).toBe(45);
  });

  it('lifts the limit to the daily limit once the mailbox is marked warm', async () => {
    now = new Date('2026-11-23T16:00:00Z');
    const owner = await campaignOf('marked-warm', 40, '2026-11-23');
    await expect(owner.run()).rejects.toBeInstanceOf(DailyLimitError);
    expect(owner.sent()).toBe(20);

    const warm = await call('PATCH', `/api/email-accounts/${owner.accountId}`, owner.token, { warmupEnabled: false });
    expect(warm.statusCode).toBe(200);
    expect(warm.json()).toMatchObject({
      effectiveDailyLimit: 300,
      warmup: { enabled: false, day: null, limitToday: 300, fullFromDay: null },
    });
    await owner.run();
    expect(owner.sent()).toBe(40);
    expect(await owner.campaign()).toMatchObject({ status: 'completed', emailsSent: 40, waitingReason: null });
  });

  it('leaves mailboxes linked before the ramp (warm) at their daily limit', async () => {
    now = new Date('2026-11-23T16:00:00Z');
    const owner = await campaignOf('linked-before', 30);
    expect(await owner.account()).toMatchObject({ effectiveDailyLimit: 300, warmup: { enabled: false, day: null } });
    await owner.run();
    expect(owner.sent()).toBe(30);
  });
});
