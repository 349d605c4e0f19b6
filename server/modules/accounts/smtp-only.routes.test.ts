import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { emailAccounts, inboxCursors, providerConnections } from '../../db/schema';
import { SecretBox } from '../../lib/secret-box';
import { createTestApp, registerUser, testConfig } from '../../test/app';
import { type DovecotServer, dovecotUnavailable, startDovecot } from '../../test/dovecot';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';
import type { SmtpCredentials } from '../sending/credentials';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A send-only mailbox. Reading replies (IMAP) is optional: a body without `imap` proves and stores
 * SMTP alone, and such a mailbox is never read (nor put in error for not being readable).
 */
describe('connecting a send-only mailbox (SMTP without IMAP)', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let owner: string;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${owner}` } });
  const smtpSettings = () => ({
    host: smtp.host,
    port: smtp.port,
    secure: false,
    user: smtp.user,
    password: smtp.password,
  });
  const readingJobs = async (accountId: number) =>
    (
      await queryRows<{ count: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'inbox.read' AND data->>'accountId' = ${String(accountId)}`,
      )
    )[0].count;

  beforeAll(async () => {
    [t, smtp] = await Promise.all([createTestApp(), startSmtpPeer()]);
    owner = await registerUser(t.app, 'owner@send-only.test');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('proves and stores SMTP alone: no IMAP server is dialled, none is stored', async () => {
    // Nothing listens for IMAP on the SMTP host: a connect that tried IMAP would fail.
    const response = await call('POST', '/api/email-accounts/smtp', {
      email: 'sender@smtp.test',
      smtp: smtpSettings(),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      provider: 'smtp',
      status: 'active',
      readsReplies: false,
      replies: { lastReadAt: null, lastError: null },
    });
    const [stored] = await t.database.db.select().from(providerConnections);
    const credentials = new SecretBox(testConfig.encryptionKey).open<SmtpCredentials>(stored.credentials);
    expect(credentials).toEqual({ kind: 'smtp', smtp: smtpSettings() });
  });

  it('never starts reading the mailbox and never marks it in error for it', async () => {
    const [account] = (await call('GET', '/api/email-accounts')).json();
    expect(account).toMatchObject({ readsReplies: false, replies: { lastReadAt: null, lastError: null } });
    expect(await readingJobs(account.id)).toBe(0);
    // The minute's schedule passes it by.
    await t.container.services.inboxReader.scheduleAll();
    expect(await readingJobs(account.id)).toBe(0);
    // A session queued anyway (e.g. before a reconnect without IMAP) reads nothing, fails nothing, queues nothing.
    expect(await t.container.services.inboxReader.run(account.id)).toBeNull();
    expect(await readingJobs(account.id)).toBe(0);
    expect(await t.database.db.select().from(inboxCursors).where(eq(inboxCursors.accountId, account.id))).toEqual([]);
    const [row] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, account.id));
    expect(row).toMatchObject({ status: 'active', statusReason: null });
  });

  it('sends through it', async () => {
    const [account] = (await call('GET', '/api/email-accounts')).json();
    const sent = await call('POST', `/api/email-accounts/${account.id}/test`, { to: 'someone@example.test' });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it.skipIf(dovecotUnavailable() !== null)(
    'reconnected with IMAP settings, the mailbox is read for replies from then on',
    async () => {
      const imap: DovecotServer = await startDovecot();
      try {
        const [account] = (await call('GET', '/api/email-accounts')).json();
        const response = await call('POST', '/api/email-accounts/smtp', {
          email: 'sender@smtp.test',
          smtp: smtpSettings(),
          imap: { host: imap.host, port: imap.port, secure: false, user: imap.user, password: imap.password },
        });
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json()).toMatchObject({ id: account.id, readsReplies: true });
        expect(await readingJobs(account.id)).toBe(1);
      } finally {
        await imap.stop();
      }
    },
  );

  it('an empty `imap` still means the SMTP server’s defaults, and is proven', async () => {
    const response = await call('POST', '/api/email-accounts/smtp', {
      email: 'other@smtp.test',
      smtp: smtpSettings(),
      imap: {},
    });
    // 127.0.0.1 port 993: nothing answers there.
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/IMAP|993/);
  });
});
