import { INBOUND_MESSAGE_LIMIT_MB } from '../../../contract/responses';

/**
 * Reading a connected mailbox for replies and bounces, beside MailTransport for sending. Readers only ever look:
 * nothing is marked read, moved, deleted or flagged in the user's mailbox.
 */

/** IMAP: the INBOX's UIDVALIDITY and the last UID read. */
export type ImapCursor = { uidValidity: string; lastUid: number };
/** Microsoft Graph: the delta link of the Inbox's messages delta query. */
export type GraphCursor = { deltaLink: string };
/**
 * Gmail API: the mailbox's last history id read, and, while the first read's listing is not through, the id of the
 * last message it returned.
 */
export type GmailCursor = { historyId: string; listedThrough?: string };

/**
 * Where a reader stopped, stored by the caller between reads (as JSON). Each reader knows its own kind and starts
 * afresh (from `since`) on any other.
 */
export type InboxCursor = ImapCursor | GraphCursor | GmailCursor;

/**
 * The most of one message a reader fetches (decision 0055): its beginning holds the headers and what a person wrote
 * or a report says; what lies past it is attachments. A larger message is read from its beginning and marked
 * truncated, so a 40 MB mail never sits whole in memory.
 */
export const INBOUND_MESSAGE_LIMIT_BYTES = INBOUND_MESSAGE_LIMIT_MB * 1024 * 1024;

/**
 * One message as it arrived (its raw MIME source, at most INBOUND_MESSAGE_LIMIT_BYTES of it), for classifyInbound;
 * `id` is the provider's id of it; `truncated` when the message is larger than what was fetched.
 */
export type InboxMessage = { id: string; source: Buffer; truncated?: boolean };

export interface MailInbox {
  /**
   * Messages after `cursor`, oldest first, at most `limit`, and the cursor after the last one returned. Without a
   * cursor (or one that no longer holds: IMAP's UIDVALIDITY changed, an expired delta link or history id), it
   * starts from the messages received since `since`; what was read twice is told apart by its Message-ID.
   */
  read(cursor: InboxCursor | null, options: { since: Date; limit: number }): Promise<InboxReadResult>;
  /**
   * Waits until new mail arrives (IMAP IDLE) or `timeoutMs` passes, or `signal` aborts; true when mail came.
   * Readers that cannot be told of new mail (HTTP APIs) wait out the time and answer false.
   */
  waitForMail(options: { timeoutMs: number; signal?: AbortSignal }): Promise<boolean>;
  close(): Promise<void>;
}

export type InboxReadResult = { messages: InboxMessage[]; cursor: InboxCursor; more: boolean };
