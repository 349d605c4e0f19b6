import type { MailProtocol } from './host-guard';
import { nothingAnsweredSentence } from './nothing-answered';
import { TransportError } from './transport';

/** The server as the user named it. */
type ServerName = { host: string; port: number };

/**
 * Which of a mail server's words a user may be shown (decision 0056). Anything a peer sends before it has proved
 * to speak SMTP or IMAP stays out of every message: otherwise the connect form reads back the banner of whatever
 * listens at a host and port (a database, a web server), which makes it a port scanner that also names the
 * software.
 */

/** The steps nodemailer names while a server has not yet proved to speak SMTP: the greeting (CONN) and EHLO/HELO. */
const BEFORE_SMTP_PROOF = new Set(['CONN', 'EHLO', 'HELO', 'LHLO']);

/**
 * A greeting that refuses the connection (RFC 5321: 554 "no SMTP service", 421 "not available") is an SMTP answer:
 * providers say there why they refuse (an address on a blocklist), which the user needs to read.
 */
const SMTP_GREETING_REFUSAL = /^(421|554)[ -]/;

/**
 * Whether the SMTP server had proved itself when nodemailer failed: it accepted EHLO or HELO (the failure came at
 * a later step: STARTTLS, AUTH, MAIL FROM…), or it refused the connection with an SMTP greeting refusal.
 */
function spokeSmtp(failure: { command?: string; response?: string }): boolean {
  return !BEFORE_SMTP_PROOF.has(failure.command ?? 'CONN') || SMTP_GREETING_REFUSAL.test(failure.response ?? '');
}

/** A certificate's names are the peer's own words too; the other certificate errors are fixed OpenSSL texts. */
function namesCertificate(error: { code?: unknown; originalCode?: unknown }): boolean {
  return [error.code, error.originalCode].includes('ERR_TLS_CERT_ALTNAME_INVALID');
}

const notAMailServer = (protocol: MailProtocol, server?: ServerName) =>
  `${server ? `The server at ${server.host} port ${server.port}` : 'That server'} did not answer as an ${protocol} server: check the host, port and security.`;

const wrongCertificate = (protocol: MailProtocol, server?: ServerName) =>
  `The ${protocol} server's certificate is not valid for ${server?.host ?? 'its host name'}: use the host name your mail provider gives.`;

/**
 * The failure of an SMTP session whose server had not proved to speak SMTP and sent words of its own (or a
 * certificate naming other hosts), in plain words without them; null when the usual message may be shown.
 */
export function unprovenSmtpFailure(
  error: { command?: string; response?: string; code?: unknown; originalCode?: unknown },
  server: ServerName | undefined,
): TransportError | null {
  if (namesCertificate(error)) return new TransportError('temporary', wrongCertificate('SMTP', server));
  if (!error.response?.trim() || spokeSmtp(error)) return null;
  return new TransportError('temporary', notAMailServer('SMTP', server));
}

/** What an imapflow client tells about its server: the `* OK` greeting's text, a PREAUTH, a BYE's reason. */
type ImapSession = { greeting?: string; authenticated?: string | boolean; byeReason?: string };

/**
 * An IMAP connection or login that failed, as the user may read it. The server's own words (a NO's text, a BYE's
 * reason) are kept only once it greeted as an IMAP server (`* OK`, `* PREAUTH` or `* BYE`); before that, only
 * "nothing answered", certificate errors and otherwise that it did not answer as an IMAP server.
 */
export function imapFailure(
  error: unknown,
  session: ImapSession,
  server: ServerName,
  /** What failed, before the library's words: "IMAP check failed", "Could not read the INBOX". */
  failedTo: string,
): TransportError {
  const failure = error as Error & { authenticationFailed?: boolean; responseText?: string; code?: unknown };
  const nothingAnswered = nothingAnsweredSentence(error, server.host, server.port);
  // The library's text (connect ECONNREFUSED…) is the operator's detail; the user reads the plain sentence.
  if (nothingAnswered)
    return new TransportError('temporary', nothingAnswered).withOperatorDetail(`IMAP: ${failure.message}`);
  if (namesCertificate(failure)) return new TransportError('temporary', wrongCertificate('IMAP', server));
  const greeted = session.greeting !== undefined || Boolean(session.authenticated) || session.byeReason !== undefined;
  if (!greeted) {
    // A TLS handshake fails before any greeting: said in words, the library's text kept for the operator.
    const problem = certificateProblem(failure);
    if (problem) {
      return new TransportError(
        'temporary',
        `${failedTo}: the IMAP server's certificate was not accepted (${problem}).`,
      ).withOperatorDetail(`IMAP: ${failure.message}`);
    }
    return new TransportError('temporary', notAMailServer('IMAP', server));
  }
  // The server's own words are quoted; without them, the library's (a socket error's code) are the operator's.
  const said = failure.responseText?.trim();
  if (failure.authenticationFailed) {
    return said
      ? new TransportError('auth', `IMAP login failed: ${said}`)
      : new TransportError('auth', 'IMAP login failed: check the user name and password.').withOperatorDetail(
          `IMAP: ${failure.message}`,
        );
  }
  if (said) return new TransportError('temporary', `${failedTo}: ${said}`);
  return new TransportError('temporary', `${failedTo}: the connection to the IMAP server failed.`).withOperatorDetail(
    `IMAP: ${failure.message}`,
  );
}

/** Node's codes for a certificate the connection refused (self-signed, expired, unknown issuer…). */
function isCertificateError(code: unknown): code is string {
  return typeof code === 'string' && /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code);
}

/** What is wrong with a certificate, by Node's code, in words. */
const CERTIFICATE_PROBLEMS: [RegExp, string][] = [
  [/SELF_SIGNED/, 'it is self-signed'],
  [/EXPIRED/, 'it has expired'],
  [/NOT_YET_VALID/, 'it is not valid yet'],
  [/UNABLE_TO_(GET|VERIFY)|LEAF_SIGNATURE|ISSUER/, 'its issuer is not trusted'],
];

/**
 * Why a connection refused the server's certificate, in words (Node's codes, such as DEPTH_ZERO_SELF_SIGNED_CERT,
 * are the operator's); null when the failure is not about a certificate.
 */
export function certificateProblem(error: { code?: unknown; originalCode?: unknown; message?: string }): string | null {
  const code = [error.code, error.originalCode].find(isCertificateError);
  if (!code) return /certificate/i.test(error.message ?? '') ? 'it is not trusted' : null;
  return CERTIFICATE_PROBLEMS.find(([pattern]) => pattern.test(code))?.[1] ?? 'it is not trusted';
}
