import type { ServerSettings } from '../../contract/accounts';
import type { Database } from '../db/client';
import { emailAccounts, providerConnections } from '../db/schema';
import { SecretBox } from '../lib/secret-box';
import type { SmtpCredentials } from '../modules/sending/credentials';
import { testConfig } from './app';
import type { SmtpPeer } from './smtp-peer';

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
