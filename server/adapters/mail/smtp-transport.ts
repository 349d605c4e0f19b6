import { PassThrough } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerSettings } from '../../../contract/accounts';
import { composeMime } from './mime-message';
import { nothingAnsweredSentence } from './nothing-answered';
import { certificateProblem, unprovenSmtpFailure } from './peer-answer';
import { refusedReturnPath, takesPlusAddressedMail } from './plus-addressing';
import type { MailTransport, OutgoingMail, SendResult } from './transport';
import { refusedSend, TransportError, uncertainSend } from './transport';

const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** How long to wait for the server, in milliseconds (shorter in tests). */
export type SmtpTimeouts = typeof TIMEOUTS;

/**
 * Connects to the address the host guard resolved, keeping the host name for TLS certificate checks. Security
 * "None" (starttls false) never upgrades, even when the server offers STARTTLS.
 */
function connection(settings: ServerSettings, address: string, timeouts: Partial<SmtpTimeouts> = {}) {
  return {
    host: address,
    port: settings.port,
    secure: settings.secure,
    ignoreTLS: settings.starttls === false,
    auth: { user: settings.user, pass: settings.password },
    tls: { servername: settings.host.replace(/^\[|\]$/g, '') },
    ...TIMEOUTS,
    ...timeouts,
  };
}

/** Whether the connection has read the whole message out to the server (only after the server's 354). */
type Handover = { complete: boolean };

/**
 * Sends through the mailbox's own SMTP server; one pooled connection set per account, reused between sends.
 *
 * A connection that breaks before the server got the whole message (and its terminating dot) delivered nothing:
 * `temporary`. One that breaks after it, before the server answered, may have delivered it: `uncertain`. To tell
 * them apart, the stream nodemailer pipes into the socket after the server's 354 is watched; the composed
 * message itself cannot be, as nodemailer reads it ahead into its buffers long before DATA.
 */
export class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter;
  /** Keyed by the composed message each send hands to nodemailer. */
  private readonly handovers = new WeakMap<object, Handover>();
  private readonly server: SmtpServerName;
  /** Whether mails leave with their signed return path (decision 0058); off once the server refuses one. */
  private signedReturnPaths: boolean;

  constructor(settings: ServerSettings, address: string, timeouts: Partial<SmtpTimeouts> = {}) {
    this.server = { host: settings.host, port: settings.port };
    this.signedReturnPaths = takesPlusAddressedMail(settings.host);
    this.transporter = nodemailer.createTransport({
      ...connection(settings, address, timeouts),
      pool: true,
      maxConnections: 2,
    });
    this.transporter.use('stream', (mail, done) => {
      const raw = mail.data.raw;
      const handover = typeof raw === 'object' ? this.handovers.get(raw) : undefined;
      if (handover) {
        mail.message.processFunc((message) => {
          const watched = new PassThrough();
          // 'end' comes once the connection has read every byte, and only then does it write the final dot.
          watched.once('end', () => {
            handover.complete = true;
          });
          // A failing message stream fails the send through `watched`. (Not `pipeline`: its clean-up costs more
          // than the rest of the hand-over.)
          message.once('error', (error: Error) => watched.destroy(error));
          message.pipe(watched);
          return watched;
        });
      }
      done();
    });
  }

  async send(mail: OutgoingMail): Promise<SendResult> {
    const raw = await composeMime(mail);
    const handover: Handover = { complete: false };
    this.handovers.set(raw, handover);
    const send = (from: string) => this.transporter.sendMail({ raw, envelope: { from, to: [mail.to] } });
    const returnPath = this.signedReturnPaths ? mail.returnPath : undefined;
    try {
      // A server that will not send from the plus address refuses it (nothing was delivered): the mail goes from
      // the plain address, and so do the next ones.
      const info = await send(returnPath ?? mail.from.address).catch((error) => {
        if (!returnPath || !refusedReturnPath(error)) throw error;
        this.signedReturnPaths = false;
        handover.complete = false;
        return send(mail.from.address);
      });
      return { messageId: mail.messageId, response: info.response ?? '' };
    } catch (error) {
      throw smtpError(error, handover.complete, this.server);
    }
  }

  close() {
    this.transporter.close();
  }
}

/** Proves the SMTP settings work: connects and logs in, without sending anything. */
export async function verifySmtp(settings: ServerSettings, address: string): Promise<void> {
  const transporter = nodemailer.createTransport(connection(settings, address));
  try {
    await transporter.verify();
  } catch (error) {
    throw smtpError(error, false, settings);
  } finally {
    transporter.close();
  }
}

type SmtpFailure = Error & { code?: string; originalCode?: string; responseCode?: number; response?: string };

/** The server as the user named it, for the sentence that says nothing answered there. */
type SmtpServerName = Pick<ServerSettings, 'host' | 'port'>;

/**
 * Sorts nodemailer's failure into our kinds, keeping the server's own words (an SMTP reply, introduced in words);
 * the library's own text (connect ECONNREFUSED…, a TLS error) is the operator's detail, never the user's message.
 * `handedOver`: the whole message had gone out to the server, so a failure without an SMTP reply leaves it unknown
 * whether the server took it.
 */
export function smtpError(error: unknown, handedOver = false, server?: SmtpServerName): TransportError {
  const failure = error as SmtpFailure;
  // A peer that has not proved to speak SMTP is never quoted (decision 0056); one that took the message has.
  const unproven = handedOver ? null : unprovenSmtpFailure(failure, server);
  if (unproven) return unproven;
  const reply = failure.response?.trim();
  const library = failure.message;
  const code = failure.responseCode;
  if (failure.code === 'EAUTH' || code === 535 || code === 534 || code === 530) {
    return reply
      ? new TransportError('auth', `SMTP login failed: ${reply}`)
      : new TransportError('auth', 'SMTP login failed: check the user name and password.').withOperatorDetail(library);
  }
  const said = reply || library;
  if (code === 421 || code === 450 || code === 451 || code === 452) {
    return refusedSend('temporary', `The SMTP server is temporarily refusing mail: ${said}`);
  }
  if (code && code >= 500) return refusedSend('permanent', `The SMTP server refused the message: ${said}`);
  // Any reply (4xx, 5xx) says the server did not take it; only silence after the message leaves it open.
  if (handedOver && !code) return uncertainSend('the SMTP server').withOperatorDetail(library);
  const nothingAnswered = server && nothingAnsweredSentence(error, server.host, server.port);
  if (nothingAnswered) return new TransportError('temporary', nothingAnswered).withOperatorDetail(`SMTP: ${library}`);
  return new TransportError('temporary', unreachedSentence(failure)).withOperatorDetail(`SMTP: ${library}`);
}

/** Why an SMTP server could not be used, in words: it was too slow, its certificate was refused, or neither. */
function unreachedSentence(failure: SmtpFailure): string {
  // A refused certificate can end in a timeout too (the server waits for the TLS handshake that was given up).
  const problem = certificateProblem(failure);
  if (problem) return `The SMTP server's certificate was not accepted (${problem}): check the host and security.`;
  if (failure.code === 'ETIMEDOUT') return 'The SMTP server did not answer in time: check the host, port and security.';
  return 'Could not connect to the SMTP server: check the host, port and security.';
}
