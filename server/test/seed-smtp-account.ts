import { expect } from 'vitest';
import type { ServerSettings } from '../../contract/accounts';
import type { Database } from '../db/client';
import { emailAccounts, providerConnections } from '../db/schema';
import { SecretBox } from '../lib/secret-box';
import type { SmtpCredentials } from '../modules/sending/credentials';
import { createTestApp, getCurrentUser, registerUser, testConfig } from './app';
import { type SmtpPeer, startSmtpPeer } from './smtp-peer';

/**
 * Stores a connection to the SMTP peer and its sending account as connecting does after its checks (sealed under
 * `key`), for tests that send but need no IMAP server; `email` names a second mailbox on the same server. Answers
 * the account id.
 */
export async function seedSmtpAccount(
  db: Database,
  userId: string,
  smtp: Pick<SmtpPeer, 'host' | 'port' | 'user' | 'password'>,
  options: {
    key?: Buffer;
    dailyLimit?: number;
    email?: string;
    sendsPerMinute?: number;
    /** The mailbox's IMAP server (Dovecot), for tests that read it; else a port nothing listens on. */
    imap?: ServerSettings;
    /** Day 1 of its warm-up ramp; without it the mailbox is warm (as one linked before the ramp existed). */
    warmupStartDate?: string;
  } = {},
): Promise<number> {
  const server = { host: smtp.host, port: smtp.port, secure: false, user: smtp.user, password: smtp.password };
  const credentials: SmtpCredentials = { kind: 'smtp', smtp: server, imap: options.imap ?? { ...server, port: 993 } };
  const [connection] = await db
    .insert(providerConnections)
    .values({
      userId,
      provider: 'smtp',
      email: options.email ?? smtp.user,
      credentials: new SecretBox(options.key ?? testConfig.encryptionKey).seal(credentials),
    })
    .returning();
  const [account] = await db
    .insert(emailAccounts)
    .values({
      userId,
      connectionId: connection.id,
      email: options.email ?? smtp.user,
      displayName: 'Sales',
      ...(options.dailyLimit !== undefined && { dailyLimit: options.dailyLimit }),
      ...(options.sendsPerMinute !== undefined && { sendsPerMinute: options.sendsPerMinute }),
      warmupEnabled: options.warmupStartDate !== undefined,
      warmupStartDate: options.warmupStartDate ?? null,
    })
    .returning();
  return account.id;
}

/**
 * A new user ready to send from a mailbox on the SMTP peer: registered through the API, with a postal address, and
 * the mailbox stored at 1,000 sends a minute. `call` goes to the API as them; `startCampaign` starts the campaign of
 * a template to leads from that mailbox (not yet sent: the test runs the sender) and answers its id.
 */
export async function registerSmtpSender(
  t: Awaited<ReturnType<typeof createTestApp>>,
  smtp: Pick<SmtpPeer, 'host' | 'port' | 'user' | 'password'>,
  email: string,
) {
  const token = await registerUser(t.app, email);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
  const userId = (await getCurrentUser(t.app, token)).json().id as string;
  await call('PUT', '/api/user/profile', { postalAddress: '1 Harbor Way, Austin, TX 78701' });
  const accountId = await seedSmtpAccount(t.database.db, userId, smtp, { sendsPerMinute: 1000 });
  const startCampaign = async (templateId: number, leadIds: number[]) => {
    const started = await call('POST', '/api/campaigns/send-mass-email', { accountId, templateId, leadIds });
    expect(started.statusCode, started.body).toBe(200);
    return started.json().campaignId as number;
  };
  return { token, call, userId, accountId, startCampaign };
}

/** A test app (`createTestApp`'s arguments) and an SMTP peer for its mail; `close` ends both. */
export async function startAppWithSmtpPeer(...app: Parameters<typeof createTestApp>) {
  const [t, smtp] = await Promise.all([createTestApp(...app), startSmtpPeer()]);
  const close = async () => {
    await t.close();
    await smtp.stop();
  };
  return { t, smtp, close };
}
