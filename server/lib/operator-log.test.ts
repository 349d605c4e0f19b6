import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getCurrentUser, registerUser } from '../test/app';
import { seedSmtpAccount } from '../test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from '../test/smtp-peer';
import { startTestCampaign } from '../test/test-campaign';
import { createLogger } from './logger';

// The events an operator looks for are in the log, one line each with `event` set, as the app writes them.
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const events = (name: string) => lines.filter((line) => line.event === name);

let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: SmtpPeer;

beforeAll(async () => {
  [t, smtp] = await Promise.all([
    createTestApp({ authRateLimitPerMinute: 1_000 }, { log: createLogger('info', sink) }),
    startSmtpPeer(),
  ]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

async function owner(email: string, password = smtp.password) {
  const token = await registerUser(t.app, email);
  const userId = (await getCurrentUser(t.app, token)).json().id as string;
  await t.app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    payload: { postalAddress: '1 Harbor Way, Austin, TX 78701' },
    headers: { cookie: `lr_session=${token}` },
  });
  const accountId = await seedSmtpAccount(t.database.db, userId, { ...smtp, password }, { sendsPerMinute: 1000 });
  return { token, userId, accountId };
}

describe('the operator log', () => {
  it('says when a campaign starts, a mail bounces and the campaign completes', async () => {
    const who = await owner('events@operator-log.test');
    smtp.failRecipient('bounce-1@leads.test', 550, '5.1.1 no such user');
    const campaign = await startTestCampaign(t.app, t.database.db, who, 'bounce', 3);
    await t.container.services.campaignSender.run(campaign.id);

    expect(events('campaign.started')).toEqual([
      expect.objectContaining({ level: 30, campaignId: campaign.id, userId: who.userId, recipients: 3 }),
    ]);
    expect(events('campaign.started')[0].msg).toBe(`Campaign ${campaign.id} started: 3 recipient(s)`);
    expect(events('mail.bounced')).toEqual([
      expect.objectContaining({ userId: who.userId, leadId: campaign.leadIds[1] }),
    ]);
    expect(events('campaign.completed')).toEqual([expect.objectContaining({ campaignId: campaign.id })]);
  });

  it('warns when a mailbox refuses the sign-in and its campaigns pause, with the reason', async () => {
    const who = await owner('refused@operator-log.test', 'not-the-password');
    const campaign = await startTestCampaign(t.app, t.database.db, who, 'refused', 1);
    await t.container.services.campaignSender.run(campaign.id).catch(() => undefined);

    const [error] = events('mailbox.error');
    expect(error).toMatchObject({ level: 40, accountId: who.accountId });
    expect(String(error.reason)).toMatch(/535|auth/i);
    const paused = events('campaign.paused').filter((line) => line.campaignId === campaign.id);
    expect(paused).toEqual([expect.objectContaining({ level: 40 })]);
    expect(String(paused[0].reason)).toContain('refused the sign-in');
  });

  it('says when its owner pauses and resumes a campaign', async () => {
    const who = await owner('pauses@operator-log.test');
    const campaign = await startTestCampaign(t.app, t.database.db, who, 'pauses', 2);
    const call = (url: string) =>
      t.app.inject({ method: 'POST', url, payload: {}, headers: { cookie: `lr_session=${who.token}` } });
    expect((await call(`/api/campaigns/${campaign.id}/pause`)).statusCode).toBe(200);
    expect((await call(`/api/campaigns/${campaign.id}/resume`)).statusCode).toBe(200);
    expect(events('campaign.paused').filter((line) => line.campaignId === campaign.id)).toEqual([
      expect.objectContaining({ reason: 'Paused by its owner', userId: who.userId }),
    ]);
    expect(events('campaign.resumed')).toEqual([expect.objectContaining({ campaignId: campaign.id })]);
  });
});
