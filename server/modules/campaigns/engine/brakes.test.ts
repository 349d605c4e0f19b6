import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { campaignRecipients, campaigns, leads } from '../../../db/schema';
import { jobCatalogue } from '../../../jobs/catalogue';
import { createTestApp, getCurrentUser, registerUser } from '../../../test/app';
import { seedSmtpAccount } from '../../../test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer';
import { startTestCampaign } from '../../../test/test-campaign';
import { SEND_CONCURRENCY } from './run';

let now = new Date('2026-11-23T10:00:00Z'); // a Monday
const clock = { now: () => now };
let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: SmtpPeer;

beforeAll(async () => {
  [t, smtp] = await Promise.all([createTestApp({ authRateLimitPerMinute: 10_000 }, { clock }), startSmtpPeer()]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});
beforeEach(() => {
  now = new Date('2026-11-23T10:00:00Z');
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });

/** A user (`label`@brakes.test) with a mailbox on the peer and a campaign started to `count` leads `label-N@leads.test`. */
async function campaignOf(label: string, count: number) {
  const token = await registerUser(t.app, `${label}@brakes.test`);
  const userId = (await getCurrentUser(t.app, token)).json().id as string;
  await call('PUT', '/api/user/profile', token, { postalAddress: '1 Harbor Way, Austin, TX 78701' });
  const accountId = await seedSmtpAccount(t.database.db, userId, smtp, { sendsPerMinute: 60_000 });
  const { id, leadIds } = await startTestCampaign(t.app, t.database.db, { token, userId, accountId }, label, count);
  return { token, userId, id, leadIds, user: `${label}@brakes.test` };
}

const run = (id: number) => t.container.services.campaignSender.run(id);
const campaign = async (token: string, id: number) => (await call('GET', `/api/campaigns/${id}`, token)).json();
const mailedTo = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address));
const mailedOf = (label: string) => smtp.received.filter((mail) => mail.envelopeTo[0].startsWith(`${label}-`));

/** Runs the brake notices queued for the campaign, as a worker would. */
async function runNotices(id: number) {
  const jobs = await queryRows<{ data: { campaignId: number } }>(
    t.database.db,
    sql`SELECT data FROM pgboss.job WHERE name = 'campaigns.brake-notice'`,
  );
  const mine = jobs.filter((job) => job.data.campaignId === id);
  const log = { info: () => {}, warn: () => {} };
  for (const job of mine)
    await jobCatalogue['campaigns.brake-notice'].run(job.data, { services: t.container.services, log });
  return mine.length;
}

async function rowOf(id: number, leadId: number) {
  const [row] = await t.database.db
    .select()
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.leadId, leadId)));
  return row;
}

describe('the bounce brake', () => {
  it('pauses a campaign once 6 of its last 100 mails bounced, tells the user, and resumes only when confirmed', async () => {
    const { token, id, leadIds, user } = await campaignOf('bouncy', 100);
    const rejected = [5, 15, 25, 35, 45, 55];
    for (const n of rejected)
      smtp.failRecipient(`bouncy-${n}@leads.test`, 550, `5.1.1 <bouncy-${n}@leads.test>: no such user`);
    await run(id);

    const paused = await campaign(token, id);
    expect(paused).toMatchObject({ status: 'paused', brake: 'bounces', emailsFailed: 6 });
    expect(paused.waitingReason).toMatch(
      /^Paused automatically: 6 of the last \d+ emails bounced \(over 5%\)\. Clean the list, then resume\.$/,
    );
    // The mails the other send loops had already claimed when the 6th bounce came back go out; no other does.
    const attempted = mailedOf('bouncy').length + rejected.length;
    expect(attempted).toBeLessThanOrEqual(56 + SEND_CONCURRENCY - 1);
    expect((await rowOf(id, leadIds[99])).state).toBe('pending');
    const bounced = await rowOf(id, leadIds[55]);
    expect(bounced).toMatchObject({ state: 'failed' });
    expect(bounced.bouncedAt).not.toBeNull();

    // The notice goes once, to the user's own address through the campaign's mailbox.
    expect(await runNotices(id)).toBe(1);
    const [notice] = mailedTo(user);
    expect(notice.mail.subject).toBe('LocalReach paused a campaign for you');
    expect(notice.envelopeFrom).toBe('sender@smtp.test');
    expect(notice.mail.text).toContain(paused.waitingReason);
    expect(notice.mail.text).toContain('http://localhost:5000/');

    const unconfirmed = await call('POST', `/api/campaigns/${id}/resume`, token);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toBe(`${paused.waitingReason} Resume anyway?`);
    expect((await campaign(token, id)).status).toBe('paused');

    now = new Date(now.getTime() + 3600_000);
    const confirmed = await call('POST', `/api/campaigns/${id}/resume`, token, { confirm: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'running', brake: null, waitingReason: null });
    // The old bounces count no more: one more does not stop it.
    smtp.failRecipient('bouncy-99@leads.test', 550, '5.1.1 <bouncy-99@leads.test>: no such user');
    await run(id);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', brake: null, emailsFailed: 7 });
    expect(mailedOf('bouncy')).toHaveLength(93);
  });

  it('lets a campaign with 5 bounces in 100 complete', async () => {
    const { token, id } = await campaignOf('fewbounces', 100);
    for (const n of [5, 15, 25, 35, 45]) {
      smtp.failRecipient(`fewbounces-${n}@leads.test`, 550, `5.1.1 <fewbounces-${n}@leads.test>: no such user`);
    }
    await run(id);
    expect(await campaign(token, id)).toMatchObject({ status: 'completed', brake: null, emailsFailed: 5 });
    expect(mailedOf('fewbounces')).toHaveLength(95);
    expect(await runNotices(id)).toBe(0);
  });
});

describe('the block brake', () => {
  it.each([
    ['microsoft', 550, '5.7.708 Service unavailable. Access denied, traffic not accepted from this IP.'],
    [
      'gmail',
      421,
      '4.7.28 Our system has detected an unusual rate of unsolicited mail originating from your IP address.',
    ],
  ])('pauses at once when %s answers a block, leaving the mail to send', async (label, code, text) => {
    const { token, id, leadIds } = await campaignOf(`block-${label}`, 40);
    // The campaign's first mail, on a new connection: nodemailer's pool silently tries a mail refused with 421 on
    // a reused connection again on another (a persistent refusal then ends as a bare connection error).
    smtp.failRecipient(`block-${label}-0@leads.test`, code, text, 10);
    await run(id);

    const paused = await campaign(token, id);
    expect(paused).toMatchObject({ status: 'paused', brake: 'block', emailsFailed: 0 });
    expect(paused.waitingReason).toBe(
      `Paused automatically: the mail provider refused sending with "${code} ${text}". Wait a day before resuming.`,
    );
    expect(await rowOf(id, leadIds[0])).toMatchObject({ state: 'pending', attempts: 0 });
    // Only the mails sent while the pool was still trying it went out (nodemailer retries a 421 a few times over
    // seconds); nothing goes once the answer is in, not even on another run.
    const sent = mailedOf(`block-${label}`).length;
    expect(sent).toBeLessThan(20);
    await run(id);
    expect(mailedOf(`block-${label}`)).toHaveLength(sent);
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, leadIds[0]));
    expect(lead.status).toBe('active');
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row.brake).toBe('block');
  });
});
