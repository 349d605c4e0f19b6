import type { ServerSettings } from '../../../contract/accounts';
import { imapFailure } from './peer-answer';

/** Proves the IMAP settings work: logs in and opens INBOX (where replies and bounces will be read). */
export async function verifyImap(settings: ServerSettings, address: string): Promise<void> {
  // Loaded on first use: a web process that never checks a mailbox does not carry the IMAP client.
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({
    // The address the host guard resolved; the name stays for TLS.
    host: address,
    servername: settings.host.replace(/^\[|\]$/g, ''),
    port: settings.port,
    secure: settings.secure,
    // Security "None": stays plain even when the server offers STARTTLS; left out, upgraded when offered.
    doSTARTTLS: settings.starttls === false ? false : undefined,
    auth: { user: settings.user, pass: settings.password },
    logger: false,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  // imapflow reports socket trouble as an event too; without a listener it would crash the process.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.mailboxOpen('INBOX', { readOnly: true });
  } catch (error) {
    throw imapFailure(error, client, settings, 'IMAP check failed');
  } finally {
    await client.logout().catch(() => client.close());
  }
}
