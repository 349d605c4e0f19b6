import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { emailAccounts, providerConnections } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { dkimRecord } from '../../test/dkim-keys';
import { startDnsServer, type TestDnsServer, type Zone } from '../../test/dns-server';
import { seedSmtpAccount } from '../../test/seed-smtp-account';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let now = new Date('2026-11-23T09:00:00Z');
const clock = { now: () => now };

// The account's domain starts without DMARC; the owner adds it later.
const zone: Zone = {
  'ownsmtp.test': [
    { type: 'MX', exchange: 'smtp.ownsmtp.test' },
    { type: 'TXT', data: 'v=spf1 a:smtp.ownsmtp.test -all' },
  ],
  'smtp.ownsmtp.test': [{ type: 'A', address: '192.0.2.10' }],
  'custom7._domainkey.ownsmtp.test': [{ type: 'TXT', data: dkimRecord() }],
  'dbltest.com.dbl.spamhaus.org': [{ type: 'A', address: '127.0.1.2' }],
};

/** A mail the account sent to itself, signed by its provider with a selector none of the usual ones. */
const ownMail = Buffer.from(
  [
    'DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=ownsmtp.test;',
    '\ts=custom7; h=from:to:subject; bh=abc=; b=def=',
    'From: Sales <sales@ownsmtp.test>',
    'To: sales@ownsmtp.test',
    'Subject: note to self',
    '',
    'Hello',
  ].join('\r\n'),
);

describe('the sending domain’s health on the Email Accounts API (local DNS server)', () => {
  let t: TestApp;
  let dns: TestDnsServer;
  let token: string;
  let accountId: number;

  const call = (method: 'GET' | 'POST', url: string, session = token) =>
    t.app.inject({ method, url, headers: { cookie: `lr_session=${session}` } });

  beforeAll(async () => {
    dns = await startDnsServer(zone);
    t = await createTestApp({ dnsServers: [dns.server] }, { clock });
    token = await registerUser(t.app, 'owner@health.test');
    const userId = (await getCurrentUser(t.app, token)).json().id as string;
    accountId = await seedSmtpAccount(
      t.database.db,
      userId,
      { host: 'smtp.ownsmtp.test', port: 2525, user: 'sales@ownsmtp.test', password: 'secret' },
      { email: 'sales@ownsmtp.test' },
    );
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('lists an account not checked yet with health null', async () => {
    const [account] = (await call('GET', '/api/email-accounts')).json();
    expect(account.health).toBeNull();
  });

  it('checks again on demand and answers the account with each check, its detail and advice', async () => {
    const response = await call('POST', `/api/email-accounts/${accountId}/health-check`);
    expect(response.statusCode, response.body).toBe(200);
    const { health } = response.json();
    expect(health).toMatchObject({
      checkedAt: '2026-11-23T09:00:00.000Z',
      domain: 'ownsmtp.test',
      mx: { status: 'pass' },
      spf: { status: 'pass', detail: 'SPF authorises smtp.ownsmtp.test to send for ownsmtp.test.' },
      // custom7 is not a selector anyone guesses: DKIM fails until a mail of the account shows it.
      dkim: { status: 'fail' },
      dmarc: {
        status: 'fail',
        advice:
          'Add this TXT record at your DNS host, named _dmarc.ownsmtp.test: v=DMARC1; p=none; rua=mailto:dmarc@ownsmtp.test',
      },
      blocklist: { status: 'pass' },
    });
    const [listed] = (await call('GET', '/api/email-accounts')).json();
    expect(listed.health).toEqual(health);
  });

  it('answers 404 for another user’s account', async () => {
    const other = await registerUser(t.app, 'other@health.test');
    const response = await call('POST', `/api/email-accounts/${accountId}/health-check`, other);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Email account not found' });
  });

  it('checks with a DKIM selector seen in the account’s own mail, and again daily once DNS changes', async () => {
    await t.container.services.accountHealth.noteOwnMail({ id: accountId, email: 'sales@ownsmtp.test' }, ownMail);
    zone['_dmarc.ownsmtp.test'] = [{ type: 'TXT', data: 'v=DMARC1; p=reject' }];

    // Checked at 09:00: not due again the same day.
    now = new Date('2026-11-23T20:00:00Z');
    expect(await t.container.services.accountHealth.checkDue()).toEqual({ checked: 0 });

    now = new Date('2026-11-24T06:00:00Z');
    expect(await t.container.services.accountHealth.checkDue()).toEqual({ checked: 1 });
    const [stored] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
    expect(stored.dkimSelectors).toEqual(['custom7']);
    expect(stored.health).toMatchObject({
      checkedAt: '2026-11-24T06:00:00.000Z',
      dkim: { status: 'pass', detail: expect.stringMatching(/custom7\._domainkey\.ownsmtp\.test/) },
      dmarc: { status: 'pass', detail: 'DMARC policy reject; your mail aligns with ownsmtp.test.' },
    });
  });

  it('queues the first check when a connection is linked as an account', async () => {
    const userId = (await getCurrentUser(t.app, token)).json().id as string;
    const [connection] = await t.database.db
      .insert(providerConnections)
      .values({ userId, provider: 'smtp', email: 'second@ownsmtp.test', credentials: 'sealed' })
      .returning();
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/email-accounts/connect-from-integration',
      payload: { connectionId: connection.id },
      headers: { cookie: `lr_session=${token}` },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    const jobs = await queryRows<{ data: { accountId: number } }>(
      t.database.db,
      sql`SELECT data FROM pgboss.job WHERE name = 'accounts.health-check'`,
    );
    expect(jobs.map((job) => job.data)).toContainEqual({ accountId: linked.json().id });
  });
});
