import type { ErrorCode } from '../../../contract/errors';
import { DomainError } from '../../lib/domain-error';
import { blockAnswer } from './block-answer';

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
  /**
   * Where its delivery reports should go (the envelope sender) when not `from`: a campaign mail's signed return path
   * (decision 0058). Only SMTP can set it, and only where the mailbox takes plus-addressed mail.
   */
  returnPath?: string;
};

export type SendResult = { messageId: string; response: string };

/**
 * Why a send failed: `auth` (credentials refused: the account goes to error), `temporary` (not sent: try again
 * later), `rate_limited` (the provider asked us to slow down), `permanent` (this message will never go),
 * `no_mailbox` (the recipient's address does not exist: never mail it again), `blocked` (the provider refuses the
 * sending mailbox itself, for policy or reputation: nothing should go from it until someone looks), `uncertain` (the
 * connection broke after the whole message was handed over: it may have gone, so it must not be sent again
 * blindly). Transports decide the kind from the provider's answer; nothing after them reads the message text.
 */
export type TransportErrorKind =
  | 'auth'
  | 'temporary'
  | 'rate_limited'
  | 'permanent'
  | 'no_mailbox'
  | 'blocked'
  | 'uncertain';

export class TransportError extends DomainError {
  readonly code: ErrorCode;

  constructor(
    readonly kind: TransportErrorKind,
    message: string,
    retryAfterSeconds?: number,
    /** On `blocked`: the provider's answer as the user sees it quoted (from its reply code on, shortened). */
    readonly providerAnswer?: string,
  ) {
    super(message, retryAfterSeconds);
    this.code = `mail_${kind}`;
  }
}

/**
 * A provider's refusal of one message (`permanent`) or for now (`temporary`), sorted further by what it says: the
 * sending mailbox blocked (any reply code), or a recipient that does not exist (a permanent 5.1.x).
 */
export function refusedSend(kind: 'permanent' | 'temporary', message: string): TransportError {
  const blocked = blockAnswer(message);
  if (blocked) return new TransportError('blocked', message, undefined, blocked);
  if (kind === 'permanent' && NO_SUCH_MAILBOX.test(message)) return new TransportError('no_mailbox', message);
  return new TransportError(kind, message);
}

/** RFC 3463 5.1.x: a bad destination mailbox address (no such user, bad domain). */
const NO_SUCH_MAILBOX = /\b5\.1\.\d{1,3}\b/;

/**
 * The message reached the other side but no answer came back (`reason`, in words, says what happened instead; a
 * library's text goes to the error's operator detail instead).
 */
export function uncertainSend(service: string, reason?: string): TransportError {
  return new TransportError(
    'uncertain',
    `The connection to ${service} broke after the message was handed over${reason ? ` (${reason})` : ''}: it may or may not have been sent. Check the mailbox's Sent folder before sending again.`,
  );
}

/** The stored credentials cannot be decrypted (ENCRYPTION_KEY changed): only connecting again helps. */
export class CredentialsUnreadableError extends TransportError {
  override readonly code = 'credentials_unreadable';

  constructor() {
    super('auth', 'Reconnect this mailbox: its saved credentials can no longer be read');
  }
}

/** The one interface the app sends mail through: SMTP, Microsoft Graph or the Gmail API. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<SendResult>;
  /**
   * Whether a message with this Message-ID is in the mailbox's Sent folder: true or false as the provider
   * answered, null when it cannot tell (unreachable, odd answer). Throws TransportError `auth` when the
   * credentials are refused. Missing where the mailbox cannot be searched.
   */
  findSent?(messageId: string): Promise<boolean | null>;
  close(): void;
}
