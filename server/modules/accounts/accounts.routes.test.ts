import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAccounts, providerConnections } from '../../db/schema';
import { createTestApp, registerUser } from '../../test/app';
import { type DovecotServer, dovecotUnavailable, startDovecot } from '../../test/dovecot';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';

const skipReason = dovecotUnavailable();

describe.skipIf(skipReason !== null)('email accounts over SMTP and IMAP (real peers on loopback)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: SmtpPeer;
  let imap: DovecotServer;
  let owner: string;
  let stranger: string;

  beforeAll(async () => {
    [t, smtp, imap] = await Promise.all([createTestApp(), startSmtpPeer(), startDovecot()]);
    owner = await registerUser(t.app, 'owner@accounts.test');
    stranger = await registerUser(t.app, 'stranger@accounts.test');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
    await imap?.stop();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
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

  let accountId: number;

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

  it('refuses link-local and metadata hosts', async () => {
    for (const host of ['169.254.169.254', '[fd00:ec2::254]']) {
      const request = connectRequest();
      const response = await call('POST', '/api/email-accounts/smtp', owner, {
        ...request,
        smtp: { ...request.smtp, host },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`SMTP host ${host} is not allowed (link-local or cloud metadata address)`);
    }
  });

  it('connects a mailbox after proving SMTP and IMAP, with secrets encrypted and never returned', async () => {
    const response = await call('POST', '/api/email-accounts/smtp', owner, connectRequest());
    expect(response.statusCode).toBe(201);
    const account = response.json();
    accountId = account.id;
    expect(account).toMatchObject({
      email: 'sender@smtp.test',
      displayName: 'Sales',
      provider: 'smtp',
      status: 'active',
      statusReason: null,
      sentToday: 0,
      dailyLimit: 300,
      lastResetDate: null,
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

  it('answers 401 signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/email-accounts' })).statusCode).toBe(401);
  });
});
