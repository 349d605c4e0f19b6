import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerSettings } from '../../contract/accounts';
import { type MailTransport, type OutgoingMail, type SendResult, TransportError } from './transport';

const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** Connects to the address the host guard resolved, keeping the host name for TLS certificate checks. */
function connection(settings: ServerSettings, address: string) {
  return {
    host: address,
    port: settings.port,
    secure: settings.secure,
    auth: { user: settings.user, pass: settings.password },
    tls: { servername: settings.host.replace(/^\[|\]$/g, '') },
    ...TIMEOUTS,
  };
}

/** Sends through the mailbox's own SMTP server; one pooled connection set per account, reused between sends. */
export class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(settings: ServerSettings, address: string) {
    this.transporter = nodemailer.createTransport({ ...connection(settings, address), pool: true, maxConnections: 2 });
  }

  async send(mail: OutgoingMail): Promise<SendResult> {
    try {
      const info = await this.transporter.sendMail({
        from: mail.from.name ? { name: mail.from.name, address: mail.from.address } : mail.from.address,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        attachments: mail.attachments,
        headers: mail.headers,
      });
      return { messageId: info.messageId ?? mail.messageId, response: info.response ?? '' };
    } catch (error) {
      throw smtpError(error);
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
    throw smtpError(error);
  } finally {
    transporter.close();
  }
}

type SmtpFailure = Error & { code?: string; responseCode?: number; response?: string };

/** Sorts nodemailer's failure into our kinds, keeping the server's own words. */
export function smtpError(error: unknown): TransportError {
  const failure = error as SmtpFailure;
  const said = failure.response?.trim() || failure.message;
  const code = failure.responseCode;
  if (failure.code === 'EAUTH' || code === 535 || code === 534 || code === 530) {
    return new TransportError('auth', `SMTP login failed: ${said}`);
  }
  if (code === 421 || code === 450 || code === 451 || code === 452) {
    return new TransportError('temporary', `The SMTP server is temporarily refusing mail: ${said}`);
  }
  if (code && code >= 500) return new TransportError('permanent', `The SMTP server refused the message: ${said}`);
  return new TransportError('temporary', `Could not reach the SMTP server: ${said}`);
}
