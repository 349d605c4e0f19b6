import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENDING_BLOCKED_MESSAGE } from '../../../contract/subscription';
import { users } from '../../db/schema';
import { jobCatalogue } from '../../jobs/catalogue';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { seedSmtpAccount } from '../../test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';

// The subscription lifecycle on a simulated clock: a trial ends 14 days after sign-up, seen at once on read and
// saved by the daily job; a cancelled paid period ends at its period's end; sending stops once either is over.

const DAY = 86_400_000;
let now = new Date('2026-11-23T10:00:00Z'); // a Monday, 10:00 UTC: inside the default sending window
const clock = { now: () => now };
let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: SmtpPeer;

beforeAll(async () => {
  [t, smtp] = await Promise.all([createTestApp({}, { clock }), startSmtpPeer()]);
  await registerUser(t.app, 'admin@lifecycle.test');
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const statusOf = async (id: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0].subscriptionStatus;

/** Moves the clock on, the user signing in every few days as people do (sessions end after 7 idle days). */
async function passDays(days: number, user: { call(method: 'GET', url: string): Promise<unknown> }) {
  for (let left = days; left > 0; left -= Math.min(left, 5)) {
    now = new Date(now.getTime() + Math.min(left, 5) * DAY);
    await user.call('GET', '/api/auth/user');
  }
}

async function signUp(email: string) {
  const token = await registerUser(t.app, email);
  const id = (await getCurrentUser(t.app, token)).json().id as string;
  return {
    token,
    id,
    call: (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } }),
  };
}

describe('the trial', () => {
  it('expires 14 days after sign-up, as soon as the user is read', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const user = await signUp('reader@lifecycle.test');
    await passDays(13, user);
    now = new Date(now.getTime() + DAY - 1000);
    expect((await user.call('GET', '/api/auth/user')).json().subscriptionStatus).toBe('trial');
    now = new Date(now.getTime() + 2000);
    expect((await user.call('GET', '/api/auth/user')).json().subscriptionStatus).toBe('expired');
    expect(await statusOf(user.id)).toBe('expired');
  });

  it('is expired by the daily job for users who never come back, with cancelled periods that ended', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const away = await signUp('away@lifecycle.test');
    const cancelled = await signUp('cancelled@lifecycle.test');
    const stillPaid = await signUp('still-paid@lifecycle.test');
    await t.database.db
      .update(users)
      .set({ subscriptionStatus: 'cancelled', subscriptionPeriodEnd: new Date(now.getTime() + 10 * DAY) })
      .where(eq(users.id, cancelled.id));
    await t.database.db
      .update(users)
      .set({ subscriptionStatus: 'cancelled', subscriptionPeriodEnd: new Date(now.getTime() + 40 * DAY) })
      .where(eq(users.id, stillPaid.id));
    const job = jobCatalogue['subscriptions.expire'];
    expect(job.cron).toBeDefined();

    now = new Date(now.getTime() + 13 * DAY);
    await job.run({}, { services: t.container.services, log: { info() {}, warn() {} } });
    expect(await statusOf(away.id)).toBe('trial');
    expect(await statusOf(cancelled.id)).toBe('expired');

    now = new Date(now.getTime() + 2 * DAY);
    await job.run({}, { services: t.container.services, log: { info() {}, warn() {} } });
    expect(await statusOf(away.id)).toBe('expired');
    expect(await statusOf(stillPaid.id)).toBe('cancelled');
  });
});

describe('sending once the subscription is over', () => {
  it('refuses to start a campaign with 402 and says why; reading stays open', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const user = await signUp('blocked@lifecycle.test');
    const trialAnswer = await user.call('POST', '/api/campaigns/send-mass-email', {});
    expect(trialAnswer.statusCode).toBe(400); // still in trial: the ordinary checks answer

    await passDays(15, user);
    const blocked = await user.call('POST', '/api/campaigns/send-mass-email', {});
    expect(blocked.statusCode).toBe(402);
    expect(blocked.json().message).toBe(SENDING_BLOCKED_MESSAGE);
    expect((await user.call('GET', '/api/leads')).statusCode).toBe(200);
    expect((await user.call('GET', '/api/campaigns')).statusCode).toBe(200);
  });

  it('pauses a running sequence until the user pays, then goes on', async () => {
    now = new Date('2026-11-23T10:00:00Z'); // Monday: the trial ends Monday 2026-12-07 10:00
    const user = await signUp('sequence@lifecycle.test');
    await user.call('PUT', '/api/user/profile', { postalAddress: '1 Harbor Way, Austin, TX 78701' });
    const accountId = await seedSmtpAccount(t.database.db, user.id, smtp, { sendsPerMinute: 1000 });
    const templateIds: number[] = [];
    for (const name of ['First touch', 'Second touch']) {
      const template = await user.call('POST', '/api/templates', {
        name,
        subject: name,
        body: `<p>${name}.</p>`,
        status: 'active',
      });
      templateIds.push(template.json().id);
    }
    await user.call('POST', '/api/leads/upload-csv', {
      csvData: [{ email: 'lead@sequence-billing.test', first_name: 'Lee' }],
      firstRowNumber: 2,
    });
    const leadIds = (await user.call('GET', '/api/leads')).json().map((lead: { id: number }) => lead.id);
    const started = await user.call('POST', '/api/campaigns/send-mass-email', {
      accountId,
      templateId: templateIds[0],
      leadIds,
      sequence: { cadence: 'weekly', steps: [{ templateId: templateIds[0] }, { templateId: templateIds[1] }] },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { campaignId } = started.json();
    await t.container.services.campaignSender.run(campaignId);

    now = new Date('2026-12-08T10:00:00Z'); // Tuesday, trial over, step 2 long due
    expect(await t.container.services.sequences.advance()).toMatchObject({ added: 0, finished: 0 });

    await t.database.db.update(users).set({ subscriptionStatus: 'active' }).where(eq(users.id, user.id));
    expect((await t.container.services.sequences.advance()).added).toBe(1);
  });
});
