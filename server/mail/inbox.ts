/**
 * Reading a connected mailbox for replies and bounces, beside MailTransport for sending. Readers only ever look:
 * nothing is marked read, moved, deleted or flagged in the user's mailbox.
 */

/** Where a reader stopped, stored by the caller between reads (IMAP: the folder's UIDVALIDITY and the last UID). */
export type InboxCursor = { uidValidity: string; lastUid: number };

/** One message as it arrived, for classifyInbound. */
export type InboxMessage = { uid: number; source: Buffer };

export interface MailInbox {
  /**
   * Messages after `cursor`, oldest first, at most `limit`, and the cursor after the last one returned. Without a
   * cursor, or when the mailbox's UIDVALIDITY changed (its UIDs mean something else now), it starts from the
   * messages received since `since`; what was read twice is told apart by its Message-ID.
   */
  read(cursor: InboxCursor | null, options: { since: Date; limit: number }): Promise<InboxReadResult>;
  /** Waits until new mail arrives (IMAP IDLE) or `timeoutMs` passes, or `signal` aborts; true when mail came. */
  waitForMail(options: { timeoutMs: number; signal?: AbortSignal }): Promise<boolean>;
  close(): Promise<void>;
}

export type InboxReadResult = { messages: InboxMessage[]; cursor: InboxCursor; more: boolean };
