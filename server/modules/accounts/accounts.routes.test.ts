import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAccounts, inboxCursors, providerConnections } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { type DovecotServer, dovecotUnavailable, startDovecot } from '../../test/dovecot';
import { freePort } from '../../test/net';
import { seedSmtpAccount } from '../../test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const caller = (t: TestApp) => (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });

const skipReason = dovecotUnavailable();

/** Connecting proves IMAP works too, so these need the Dovecot peer. */
describe.skipIf(skipReason !== null)('connecting a mailbox over SMTP and IMAP (real peers on loopback)', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let imap: DovecotServer;
  let owner: string;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    [t, smtp, imap] = await Promise.all([createTestApp(), startSmtpPeer(), startDovecot()]);
    call = caller(t);
    owner = await registerUser(t.app, 'owner@accounts.test');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
    await imap?.stop();
  });

  const connectRequest = (overrides: { smtpPassword?: string; imapPassword?: string; email?: string } = {}) => ({
    email: overrides.email ?? 'sender@smtp.test',
    displayName: 'Sales',
    smtp: {
      host: smtp.host,
      port: smtp.port,
      secure: false,
      user: smtp.user,
      password: overrides.smtpPassword ?? smtp.password,
    },
    imap: {
      host: imap.host,
      port: imap.port,
      secure: false,
      user: imap.user,
      password: overrides.imapPassword ?? imap.password,
    },
  });

  it('refuses a wrong SMTP password with the server’s answer and saves nothing', async () => {
    const response = await call('POST', '/api/email-accounts/smtp', owner, connectRequest({ smtpPassword: 'nope' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^SMTP login failed: 535 5\.7\.8 Authentication credentials invalid/);
    expect(await t.database.db.$count(providerConnections)).toBe(0);
  });

  it('refuses a wrong IMAP password and saves nothing', async () => {
    const response = await call('POST', '/api/email-accounts/smtp', owner, connectRequest({ imapPassword: 'nope' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^IMAP login failed: /);
    expect(await t.database.db.$count(providerConnections)).toBe(0);
  });

  it('connects a mailbox after proving SMTP and IMAP, with secrets encrypted and never returned', async () => {
    const response = await call('POST', '/api/email-accounts/smtp', owner, connectRequest());
    expect(response.statusCode).toBe(201);
    const account = response.json();
    expect(account).toMatchObject({
      email: 'sender@smtp.test',
      displayName: 'Sales',
      provider: 'smtp',
      status: 'active',
      statusReason: null,
      sentToday: 0,
      dailyLimit: 300,
      lastResetDate: null,
      replies: { lastReadAt: null, lastError: null },
    });
    const list = await call('GET', '/api/email-accounts', owner);
    expect(list.json()).toEqual([account]);
    expect(list.body).not.toContain(smtp.password);
    const [stored] = await t.database.db.select().from(providerConnections);
    expect(stored.credentials).not.toContain(smtp.password);
    expect(stored.credentials).not.toContain(imap.password);
    expect(stored.credentials).toMatch(/^v1\./);
    expect((await call('GET', '/api/outlook-connections', owner)).json()).toEqual([
      { id: account.connectionId, email: 'sender@smtp.test', provider: 'smtp', linked: true },
    ]);
  });

  it('connects the same mailbox again with new credentials, clearing an earlier error', async () => {
    const [account] = (await call('GET', '/api/email-accounts', owner)).json();
    await t.database.db
      .update(emailAccounts)
      .set({ status: 'error', statusReason: 'SMTP login failed' })
      .where(eq(emailAccounts.id, account.id));
    const again = await call('POST', '/api/email-accounts/smtp', owner, connectRequest());
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: account.id, status: 'active', statusReason: null });
  });

  it('connects a plain relay with security "None" and keeps sending through it without STARTTLS', async () => {
    // The relay offers STARTTLS with a self-signed certificate: only a connection that stays plain gets through.
    const relay = await startSmtpPeer({ offerStarttls: true });
    try {
      const plain = { host: relay.host, port: relay.port, secure: false, starttls: false };
      const request = connectRequest({ email: 'relay@smtp.test' });
      const upgraded = await call('POST', '/api/email-accounts/smtp', owner, {
        ...request,
        smtp: { ...plain, starttls: undefined, user: relay.user, password: relay.password },
      });
      expect(upgraded.statusCode).toBe(400);

      const response = await call('POST', '/api/email-accounts/smtp', owner, {
        ...request,
        smtp: { ...plain, user: relay.user, password: relay.password },
        imap: { ...request.imap, starttls: false },
      });
      expect(response.statusCode, response.body).toBe(201);
      const accountUrl = `/api/email-accounts/${response.json().id}`;
      const sent = await call('POST', `${accountUrl}/test`, owner, { to: 'lead@example.test' });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(relay.received.at(-1)?.envelopeTo).toEqual(['lead@example.test']);
      // Closes the account's pooled connection, which the relay would otherwise wait for as it stops.
      await call('DELETE', accountUrl, owner);
    } finally {
      await relay.stop();
    }
  });
});

/**
 * Sending, limits, privacy and linking need only an SMTP peer: the account is stored as a connect would store it.
 */
describe('sending through a connected SMTP account (SMTP peer on loopback)', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let owner: string;
  let stranger: string;
  let accountId: number;
  let call: ReturnType<typeof caller>;

  const seedAccount = async (token: string, key?: Buffer) =>
    seedSmtpAccount(t.database.db, (await getCurrentUser(t.app, token)).json().id, smtp, { key });

  beforeAll(async () => {
    [t, smtp] = await Promise.all([createTestApp(), startSmtpPeer()]);
    call = caller(t);
    owner = await registerUser(t.app, 'owner@accounts.test');
    stranger = await registerUser(t.app, 'stranger@accounts.test');
    accountId = await seedAccount(owner);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('refuses link-local and metadata hosts', async () => {
    for (const host of ['169.254.169.254', '[fd00:ec2::254]']) {
      const server = { host, port: 25, secure: false, user: 'u', password: 'p' };
      const response = await call('POST', '/api/email-accounts/smtp', owner, {
        email: 'probe@smtp.test',
        smtp: server,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        `SMTP host ${host} is not allowed: it is a link-local or cloud metadata address, never a mail server.`,
      );
    }
  });

  it('says plainly when nothing answers at the SMTP host and port; only the administrator reads the connection’s own words', async () => {
    const port = await freePort();
    const connect = (token: string) =>
      call('POST', '/api/email-accounts/smtp', token, {
        email: 'probe@smtp.test',
        smtp: { host: '127.0.0.1', port, secure: false, user: 'u', password: 'p' },
      });
    const plain = `Nothing answered at 127.0.0.1 port ${port}: check the host and port.`;

    const forUser = await connect(stranger);
    expect(forUser.statusCode).toBe(400);
    expect(forUser.json()).toEqual({ message: plain });

    const forAdmin = await connect(owner);
    expect(forAdmin.statusCode).toBe(400);
    expect(forAdmin.json().message).toBe(
      `${plain} Details for the administrator: SMTP: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  it('sends a test email through the SMTP server, counting it against the daily limit', async () => {
    const response = await call('POST', `/api/email-accounts/${accountId}/test`, owner, { to: 'lead@example.test' });
    expect(response.statusCode).toBe(200);
    const { messageId, message } = response.json();
    expect(message).toBe('Test email sent to lead@example.test');
    const delivered = smtp.received.at(-1);
    expect(delivered?.envelopeTo).toEqual(['lead@example.test']);
    expect(delivered?.mail.from?.value[0]).toEqual({ address: 'sender@smtp.test', name: 'Sales' });
    expect(delivered?.mail.messageId).toBe(messageId);
    expect(delivered?.mail.subject).toBe('LocalReach test email');
    expect(delivered?.mail.text).toContain('sent through sender@smtp.test');
    const [account] = (await call('GET', '/api/email-accounts', owner)).json();
    expect(account.sentToday).toBe(1);
    expect(account.lastResetDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await call('GET', '/api/email-accounts/stats', owner)).json()).toEqual({
      emailsSentToday: 1,
      emailsSentThisWeek: 1,
    });
  });

  it('reports a 421 answer as temporary and does not count the failed send', async () => {
    // 421 closes the connection and nodemailer's pool retries once on a new one, so the peer refuses twice.
    smtp.failNextWith(421, '4.7.0 Try again later', 2);
    const response = await call('POST', `/api/email-accounts/${accountId}/test`, owner, { to: 'lead@example.test' });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(
      /^The SMTP server is temporarily refusing mail: 421 4\.7\.0 Try again later/,
    );
    expect((await call('GET', '/api/email-accounts', owner)).json()[0]).toMatchObject({
      sentToday: 1,
      status: 'active',
    });
  });

  it('stops at the daily limit with 429 and marks the account rate limited', async () => {
    const unchanged = await call('PATCH', `/api/email-accounts/${accountId}`, owner, {});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().dailyLimit).toBe(300);
    const limited = await call('PATCH', `/api/email-accounts/${accountId}`, owner, { dailyLimit: 2 });
    expect(limited.json().dailyLimit).toBe(2);
    expect(
      (await call('POST', `/api/email-accounts/${accountId}/test`, owner, { to: 'a@example.test' })).statusCode,
    ).toBe(200);
    const refused = await call('POST', `/api/email-accounts/${accountId}/test`, owner, { to: 'b@example.test' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'sender@smtp.test has reached its daily limit of 2 emails. Sending resumes after midnight.',
    );
    expect((await call('GET', '/api/email-accounts', owner)).json()[0]).toMatchObject({
      sentToday: 2,
      status: 'rate_limited',
    });
    // A new local day: yesterday's counter no longer applies.
    await t.database.db
      .update(emailAccounts)
      .set({ lastResetDate: '2000-01-01' })
      .where(eq(emailAccounts.id, accountId));
    expect((await call('GET', '/api/email-accounts', owner)).json()[0]).toMatchObject({
      sentToday: 0,
      status: 'active',
    });
    expect(
      (await call('POST', `/api/email-accounts/${accountId}/test`, owner, { to: 'c@example.test' })).statusCode,
    ).toBe(200);
    await call('PATCH', `/api/email-accounts/${accountId}`, owner, { dailyLimit: 300 });
  });

  it('tells how the last reading for replies went, from the mailbox’s inbox cursor', async () => {
    const replies = async (token: string) =>
      ((await call('GET', '/api/email-accounts', token)).json() as { id: number; replies: object }[]).map(
        ({ id, replies }) => ({ id, replies }),
      );
    expect(await replies(owner)).toEqual([{ id: accountId, replies: { lastReadAt: null, lastError: null } }]);

    const readAt = new Date('2025-03-07T15:05:00.000Z');
    await t.database.db.insert(inboxCursors).values({ accountId, lastReadAt: readAt, lastError: null });
    expect(await replies(owner)).toEqual([
      { id: accountId, replies: { lastReadAt: '2025-03-07T15:05:00.000Z', lastError: null } },
    ]);

    const refused = 'IMAP login failed: AUTHENTICATIONFAILED Authentication failed.';
    await t.database.db.update(inboxCursors).set({ lastError: refused }).where(eq(inboxCursors.accountId, accountId));
    expect(await replies(owner)).toEqual([
      { id: accountId, replies: { lastReadAt: '2025-03-07T15:05:00.000Z', lastError: refused } },
    ]);

    // Another user's failing mailbox is theirs alone, and theirs shows only their own reading.
    const neighbour = await registerUser(t.app, 'neighbour@accounts.test');
    const neighbourAccountId = await seedAccount(neighbour);
    await t.database.db
      .insert(inboxCursors)
      .values({ accountId: neighbourAccountId, lastReadAt: null, lastError: 'IMAP server unreachable' });
    expect(await replies(neighbour)).toEqual([
      { id: neighbourAccountId, replies: { lastReadAt: null, lastError: 'IMAP server unreachable' } },
    ]);
    expect(await replies(owner)).toEqual([
      { id: accountId, replies: { lastReadAt: '2025-03-07T15:05:00.000Z', lastError: refused } },
    ]);
    expect((await call('GET', '/api/email-accounts', owner)).body).not.toContain('IMAP server unreachable');
  });

  it('keeps accounts and connections private: another user gets 404 everywhere', async () => {
    expect((await call('GET', '/api/email-accounts', stranger)).json()).toEqual([]);
    expect((await call('GET', '/api/outlook-connections', stranger)).json()).toEqual([]);
    expect((await call('PATCH', `/api/email-accounts/${accountId}`, stranger, { dailyLimit: 5 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/email-accounts/${accountId}`, stranger)).statusCode).toBe(404);
    const test = await call('POST', `/api/email-accounts/${accountId}/test`, stranger, { to: 'x@example.test' });
    expect(test.statusCode).toBe(404);
    const [connection] = (await call('GET', '/api/outlook-connections', owner)).json();
    const link = await call('POST', '/api/email-accounts/connect-from-integration', stranger, {
      connectionId: connection.id,
    });
    expect(link.statusCode).toBe(404);
    expect(link.json()).toEqual({ message: 'Connection not found' });
  });

  it('disconnects the account but keeps the connection, which can be linked again once', async () => {
    const [connection] = (await call('GET', '/api/outlook-connections', owner)).json();
    const alreadyLinked = await call('POST', '/api/email-accounts/connect-from-integration', owner, {
      connectionId: connection.id,
    });
    expect(alreadyLinked.statusCode).toBe(409);

    const deleted = await call('DELETE', `/api/email-accounts/${accountId}`, owner);
    expect(deleted.json()).toEqual({ message: 'Email account has been disconnected successfully.' });
    expect((await call('GET', '/api/email-accounts', owner)).json()).toEqual([]);
    expect((await call('GET', '/api/outlook-connections', owner)).json()).toEqual([{ ...connection, linked: false }]);

    const relinked = await call('POST', '/api/email-accounts/connect-from-integration', owner, {
      connectionId: connection.id,
      displayName: 'Relinked',
    });
    expect(relinked.statusCode).toBe(201);
    expect(relinked.json()).toMatchObject({
      email: 'sender@smtp.test',
      displayName: 'Relinked',
      connectionId: connection.id,
    });
    // The stored credentials still work without re-entering them.
    const test = await call('POST', `/api/email-accounts/${relinked.json().id}/test`, owner, {
      to: 'again@example.test',
    });
    expect(test.statusCode).toBe(200);
  });

  it('puts an account whose credentials can no longer be read in error, saying to reconnect', async () => {
    const unreadable = await registerUser(t.app, 'rotated-key@accounts.test');
    const id = await seedAccount(unreadable, Buffer.alloc(32, 1));
    const response = await call('POST', `/api/email-accounts/${id}/test`, unreadable, { to: 'lead@example.test' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Reconnect this mailbox: its saved credentials can no longer be read' });
    expect((await call('GET', '/api/email-accounts', unreadable)).json()[0]).toMatchObject({
      status: 'error',
      statusReason: 'Reconnect this mailbox: its saved credentials can no longer be read',
      sentToday: 0,
    });
  });

  it('answers 401 signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/email-accounts' })).statusCode).toBe(401);
  });
});
