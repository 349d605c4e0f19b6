/** A message as the app hands it to a mailbox, whatever the provider behind it. */
export type OutgoingMail = {
  from: { name?: string | null; address: string };
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Set by the caller so the message can be found again (replies, bounces). */
  messageId: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  headers?: Record<string, string>;
};

export type SendResult = { messageId: string; response: string };

/**
 * Why a send failed: `auth` (credentials refused: the account goes to error), `temporary` (try again later),
 * `rate_limited` (the provider asked us to slow down), `permanent` (this message will never go).
 */
export type TransportErrorKind = 'auth' | 'temporary' | 'rate_limited' | 'permanent';

export class TransportError extends Error {
  constructor(
    readonly kind: TransportErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/** The one interface the app sends mail through: SMTP, Microsoft Graph or the Gmail API. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<SendResult>;
  close(): void;
}
