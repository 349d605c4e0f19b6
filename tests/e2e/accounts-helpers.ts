import type { AddressInfo } from 'node:net';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { type DovecotServer, dovecotUnavailable, startDovecot } from '../../server/test/dovecot';

/** What the accounts specs (accounts*.spec.ts) share: the connect dialog, and the mail peers to connect to. */

type ReceivedMail = { envelopeFrom: string; from: string; to: string; subject: string; text: string };

export const smtpLogin = { user: 'sender@shop.test', password: 'smtp-password' };
// Answered slowly, so "Testing connection..." stays up long enough to be seen.
const AUTH_DELAY_MS = 600;

/**
 * A plain SMTP peer on 127.0.0.1 that asks for a login and keeps every message it accepts. Its refusal text is
 * distinctive, so the test can tell the server passed the peer's own answer through.
 */
export async function startSmtpPeer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: false,
    authMethods: ['PLAIN', 'LOGIN'],
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      setTimeout(() => {
        if (auth.username === smtpLogin.user && auth.password === smtpLogin.password) {
          callback(null, { user: auth.username });
        } else {
          callback(Object.assign(new Error('Mailbox password rejected by peer'), { responseCode: 535 }));
        }
      }, AUTH_DELAY_MS);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            from: mail.from?.text ?? '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;
export type MailPeers = { smtp: SmtpPeer; imap: DovecotServer };

/**
 * Called inside a `test.describe`: its tests skip where Dovecot cannot run (unless REQUIRE_ALL=1, which makes that
 * an error), have 90 s each, and share an SMTP peer and a Dovecot IMAP server started once for them, handed to
 * `started`, and stopped after them.
 */
export function useMailPeers(started: (peers: MailPeers) => void): void {
  const unavailable = dovecotUnavailable();
  test.skip(unavailable !== null && process.env.REQUIRE_ALL !== '1', `Dovecot IMAP: ${unavailable}`);
  // Real sign-ins to real mail servers, several times over: slower than the screens without mail.
  test.describe.configure({ timeout: 90_000 });

  let peers: MailPeers | undefined;

  test.beforeAll(async () => {
    const [smtp, imap] = await Promise.all([startSmtpPeer(), startDovecot()]);
    peers = { smtp, imap };
    started(peers);
  });

  test.afterAll(async () => {
    await Promise.all([peers?.smtp.stop(), peers?.imap.stop()]);
  });
}

export async function openConnectDialog(page: Page, buttonName: string): Promise<Locator> {
  await page.getByRole('button', { name: buttonName }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Mailbox Provider Account' });
  await expect(dialog).toBeVisible();
  return dialog;
}
