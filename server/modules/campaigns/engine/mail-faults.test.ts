/**
 * Mail faults: each fault a mailbox's server can answer with, scripted on a real peer (smtp-server for
 * SMTP, the Graph and Gmail contract servers for the APIs), and what the campaign engine does with it: the
 * recipient's row, its tries, the lead, the mailbox and what the peer got. Test names read "fault → what the app
 * did": `BENCH=reliability RELIABILITY=faults` prints them as a table. Waits between tries step the clock.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { campaignRecipients, emailAccounts, leads } from '../../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../../test/app';
import { startOAuthPeer } from '../../../test/oauth-peer';
import { seedSmtpAccount } from '../../../test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer';
import { startTestCampaign } from '../../../test/test-campaign';
import { CampaignWaitingError } from './run';

let now = new Date('2026-11-23T10:00:00Z'); // a Monday, inside any sending window
const clock = { now: () => now };
const later = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};
/** A greeting this late is given up on (the app's own is 15 s): the peer's 30 s greeting needs no 30 s here. */
const GREETING_TIMEOUT_MS = 300;

const oauth = await startOAuthPeer();
const t = await createTestApp(
  {
    authRateLimitPerMinute: 10_000,
    oauth: oauth.config,
    mailTimeouts: { smtp: { greetingTimeout: GREETING_TIMEOUT_MS }, apiCallMs: 500 },
  },
  { clock },
);
const peers: SmtpPeer[] = [];
afterAll(async () => {
  await t.close();
  await oauth.stop();
  await Promise.all(peers.map((peer) => peer.stop()));
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });

/** A user with a mailbox (`connect` stores it) and a campaign started to `count` leads `label-N@leads.test`. */
async function campaignOf(label: string, count: number, connect: (token: string, userId: string) => Promise<number>) {
  const token = await registerUser(t.app, `${label}@faults.test`);
  const userId = (await getCurrentUser(t.app, token)).json().id as string;
  await call('PUT', '/api/user/profile', token, { postalAddress: '1 Harbor Way, Austin, TX 78701' });
  const accountId = await connect(token, userId);
  const { id, leadIds } = await startTestCampaign(t.app, t.database.db, { token, userId, accountId }, label, count);

  const recipient = async (n: number) => {
    const [row] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.leadId, leadIds[n])));
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, leadIds[n]));
    return { ...row, leadStatus: lead.status };
  };
  const account = async () => {
    const [row] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
    return row;
  };
  const campaign = async () => (await call('GET', `/api/campaigns/${id}`, token)).json();
  return { id, recipient, account, campaign, address: (n: number) => `${label}-${n}@leads.test` };
}

/** A campaign through a fresh SMTP peer of its own (connection faults touch every mail on a server). */
async function smtpCampaign(label: string, count: number, options: { offerStarttls?: boolean } = {}) {
  const peer = await startSmtpPeer(options);
  peers.push(peer);
  const made = await campaignOf(label, count, (_token, userId) =>
    seedSmtpAccount(t.database.db, userId, peer, { sendsPerMinute: 60_000 }),
  );
  const copiesTo = (n: number) => peer.received.filter((mail) => mail.envelopeTo.includes(made.address(n))).length;
  return { ...made, peer, copiesTo };
}

/** Runs the campaign as its job would: answers 'waiting' when it handed itself back for a retry later. */
async function run(id: number): Promise<'waiting' | 'returned'> {
  try {
    await t.container.services.campaignSender.run(id);
    return 'returned';
  } catch (error) {
    if (error instanceof CampaignWaitingError) return 'waiting';
    throw error;
  }
}

describe('SMTP faults', () => {
  it('421 at greeting → not sent, tried again after 60 s and sent', async () => {
    const c = await smtpCampaign('greeting-421', 1);
    c.peer.refuseGreeting(421, '4.3.2 Service not available, closing transmission channel');

    expect(await run(c.id)).toBe('waiting');
    expect(await c.recipient(0)).toMatchObject({ state: 'pending', attempts: 1, leadStatus: 'active' });
    expect((await c.recipient(0)).lastError).toMatch(/421|Service not available/);
    expect(c.copiesTo(0)).toBe(0);

    later(61);
    expect(await run(c.id)).toBe('returned');
    expect(await c.recipient(0)).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
    expect(c.copiesTo(0)).toBe(1);
    expect((await c.account()).status).toBe('active');
  });

  it('451 on RCPT, every time → 5 tries over 51 min (1, 5, 15, 30 min apart), then failed with the reason', async () => {
    const c = await smtpCampaign('rcpt-451', 2);
    c.peer.failRecipient(c.address(0), 451, '4.3.0 Mailbox temporarily unavailable', 10);

    expect(await run(c.id)).toBe('waiting');
    expect(c.copiesTo(1)).toBe(1);
    for (const wait of [60, 300, 900]) {
      later(wait - 1);
      expect(await run(c.id)).toBe('waiting');
      later(1);
      expect(await run(c.id)).toBe('waiting');
    }
    later(1800);
    expect(await run(c.id)).toBe('returned');

    const row = await c.recipient(0);
    expect(row).toMatchObject({ state: 'failed', attempts: 5, leadStatus: 'active', bouncedAt: null });
    expect(row.lastError).toBe(
      'Gave up after 5 tries: The SMTP server is temporarily refusing mail: 451 4.3.0 Mailbox temporarily unavailable',
    );
    expect(c.copiesTo(0)).toBe(0);
    expect(await c.campaign()).toMatchObject({ status: 'completed', emailsSent: 1, emailsFailed: 1 });
  });

  it('452 on RCPT, once → tried again after 60 s and sent', async () => {
    const c = await smtpCampaign('rcpt-452', 1);
    c.peer.failRecipient(c.address(0), 452, '4.5.3 Too many recipients');

    expect(await run(c.id)).toBe('waiting');
    expect(await c.recipient(0)).toMatchObject({ state: 'pending', attempts: 1 });
    later(61);
    await run(c.id);
    expect(await c.recipient(0)).toMatchObject({ state: 'sent', attempts: 2, leadStatus: 'active' });
    expect(c.copiesTo(0)).toBe(1);
  });

  it('550 5.1.1 on RCPT → failed at once, the lead bounced and never mailed again', async () => {
    const c = await smtpCampaign('rcpt-550', 2);
    c.peer.failRecipient(c.address(0), 550, '5.1.1 <rcpt-550-0@leads.test>: Recipient address rejected');

    expect(await run(c.id)).toBe('returned');
    const row = await c.recipient(0);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, leadStatus: 'bounced' });
    expect(row.bouncedAt).not.toBeNull();
    expect(row.lastError).toMatch(/^The SMTP server refused the message: 550 5\.1\.1/);
    expect(c.copiesTo(0)).toBe(0);
    expect((await c.account()).status).toBe('active');
    expect(await c.campaign()).toMatchObject({ status: 'completed', emailsSent: 1, emailsFailed: 1 });
  });

  it('552 on DATA → failed at once, the lead stays active (the message, not the mailbox, was refused)', async () => {
    const c = await smtpCampaign('data-552', 2);
    c.peer.failData(c.address(0), 552, '5.3.4 Message size exceeds fixed maximum message size');

    expect(await run(c.id)).toBe('returned');
    const row = await c.recipient(0);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, leadStatus: 'active', bouncedAt: null });
    expect(row.lastError).toMatch(/552 5\.3\.4 Message size exceeds/);
    expect(c.copiesTo(0)).toBe(0);
    expect(c.copiesTo(1)).toBe(1);
  });

  it('connection dropped after DATA → unknown, never sent again by the engine', async () => {
    const c = await smtpCampaign('after-data', 2);
    c.peer.dropAfterData(c.address(0));

    expect(await run(c.id)).toBe('returned');
    later(3600);
    await run(c.id);
    const row = await c.recipient(0);
    expect(row).toMatchObject({ state: 'unknown', attempts: 1, leadStatus: 'active' });
    expect(row.lastError).toMatch(/may or may not have been sent/);
    expect(c.copiesTo(0)).toBe(1);
    expect(await c.campaign()).toMatchObject({ status: 'completed', emailsSent: 1, emailsUnknown: 1 });
  });

  it('30 s slow greeting → given up after the greeting timeout, not sent, tried again after 60 s', async () => {
    const c = await smtpCampaign('slow-greeting', 1);
    c.peer.greetingDelayMs = 30_000;

    expect(await run(c.id)).toBe('waiting');
    const row = await c.recipient(0);
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row.lastError).toBe('The SMTP server did not answer in time: check the host, port and security.');
    expect(c.copiesTo(0)).toBe(0);

    c.peer.greetingDelayMs = 0;
    later(61);
    await run(c.id);
    expect(await c.recipient(0)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(c.copiesTo(0)).toBe(1);
  });

  it('TLS handshake failure (a certificate the app does not trust) → not sent, tried again later with the reason', async () => {
    const c = await smtpCampaign('tls', 1, { offerStarttls: true });

    expect(await run(c.id)).toBe('waiting');
    const row = await c.recipient(0);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, leadStatus: 'active' });
    expect(row.lastError).toMatch(/certificate/);
    expect(c.copiesTo(0)).toBe(0);
  });
});

describe.each([
  ['Graph', 'outlook'],
  ['Gmail', 'gmail'],
] as const)('%s API faults', (label, provider) => {
  const name = label.toLowerCase();
  async function apiCampaign(fault: string, count: number) {
    const made = await campaignOf(`${name}-${fault}`, count, async (token) => {
      const { authUrl } = (await call('GET', `/api/${provider}/connect`, token)).json();
      await call('GET', oauth.consent(authUrl), token);
      const [account] = (await call('GET', '/api/email-accounts', token)).json();
      return account.id as number;
    });
    const copiesTo = (n: number) =>
      oauth.sent.filter(
        (item) => item.mail.to && 'value' in item.mail.to && item.mail.to.value[0].address === made.address(n),
      ).length;
    return { ...made, copiesTo };
  }

  it(`${label}: 401 (access token expired) → token refreshed, sent on the first try`, async () => {
    const c = await apiCampaign('expired', 1);
    oauth.expireAccessTokens();

    expect(await run(c.id)).toBe('returned');
    expect(await c.recipient(0)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(c.copiesTo(0)).toBe(1);
    expect((await c.account()).status).toBe('active');
  });

  it(`${label}: 401 and the refresh refused → not sent, campaign paused, mailbox in error`, async () => {
    const c = await apiCampaign('revoked', 1);
    oauth.expireAccessTokens();
    oauth.revokeRefreshTokens();

    expect(await run(c.id)).toBe('returned');
    expect(await c.recipient(0)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(c.copiesTo(0)).toBe(0);
    expect((await c.account()).status).toBe('error');
    const paused = await c.campaign();
    expect(paused.status).toBe('paused');
    expect(paused.errorMessage).toMatch(/refused the sign-in/);
  });

  it(`${label}: 429 with Retry-After: 120 → not sent, tried again no sooner than 120 s later and sent`, async () => {
    const c = await apiCampaign('throttled', 1);
    oauth.rateLimitNextSend(120);

    expect(await run(c.id)).toBe('waiting');
    const row = await c.recipient(0);
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row.nextAttemptAt?.getTime()).toBe(now.getTime() + 120_000);
    later(61);
    expect(await run(c.id)).toBe('waiting');
    expect(c.copiesTo(0)).toBe(0);
    later(60);
    await run(c.id);
    expect(await c.recipient(0)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(c.copiesTo(0)).toBe(1);
    expect((await c.account()).status).toBe('active');
  });

  it(`${label}: 500 → not sent, tried again after 60 s and sent`, async () => {
    const c = await apiCampaign('server-error', 1);
    oauth.refuseNextSend(500, { error: { code: 'InternalServerError', message: 'Something went wrong' } });

    expect(await run(c.id)).toBe('waiting');
    const row = await c.recipient(0);
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/\(500\)/);
    later(61);
    await run(c.id);
    expect(await c.recipient(0)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(c.copiesTo(0)).toBe(1);
  });

  it(`${label}: no answer in time (timeout after the request left) → settled sent from the Sent folder, not sent again`, async () => {
    const c = await apiCampaign('timeout', 2);
    oauth.loseNextAnswer('hang');

    expect(await run(c.id)).toBe('returned');
    expect(await c.recipient(0)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(await c.recipient(1)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(c.copiesTo(0)).toBe(1);
    expect(await c.campaign()).toMatchObject({ status: 'completed', emailsSent: 2, emailsUnknown: 0 });
  });
});
