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

/** One message as it arrived (its raw MIME source), for classifyInbound; `id` is the provider's id of it. */
export type InboxMessage = { id: string; source: Buffer };

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
