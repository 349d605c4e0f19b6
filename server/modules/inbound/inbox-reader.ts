import { and, eq, sql } from 'drizzle-orm';
import type { InboxCursor, MailInbox } from '../../adapters/mail/inbox';
import type { Database } from '../../db/client';
import { emailAccounts, inboxCursors, providerConnections } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { plainMessageOf } from '../../lib/operator-detail';
import type { WebhookEmitter } from '../webhooks/webhook-emitter';
import type { InboundService, ReadingAccount } from './inbound.service';

/** How long one reading session lasts unless configured (INBOX_POLL_SECONDS). */
export const DEFAULT_INBOX_POLL_MS = 60_000;
/** How many messages one read fetches before their cursor is stored. */
export const INBOX_PAGE = 50;
/** After a failed session (mailbox unreachable, login refused), the next one waits this long. */
const RETRY_AFTER_FAILURE_SECONDS = 300;
/** What the account's card says about a reading session that failed for a reason that is not the mailbox's. */
const UNEXPECTED_READ_FAILURE =
  'Something unexpected happened while reading the mailbox. It is tried again in a few minutes.';
/** A mailbox read for the first time (or whose cursor no longer holds) is read from this long before it was connected. */
const FIRST_READ_LOOKBACK_MS = 24 * 3600_000;

export type InboxReader = ReturnType<typeof createInboxReader>;

/** What one reading session did. */
export type ReadingSummary = { read: number; taken: number; ignored: number; duplicates: number };

/**
 * Reads connected mailboxes: one session reads what is new since the stored cursor, page by page, storing the
 * cursor after each page's messages are taken in (so a crash re-reads at most a page, which the unique Message-ID
 * makes harmless), then waits for new mail (IMAP IDLE wakes it at once) and reads again until its time is up.
 * One session per account at a time is the job queue's business.
 */
export function createInboxReader(deps: {
  db: Database;
  clock: Clock;
  inbound: InboundService;
  openInbox(accountId: number): Promise<MailInbox>;
  /** How long one session lasts. */
  sessionMs: number;
  /** Queues a session of the account (at most one waits per account), after `delaySeconds`. */
  enqueueSession(accountId: number, delaySeconds: number): Promise<unknown>;
  /** Notes the DKIM selectors signing the account's own mails read back, for its domain health check. */
  noteOwnMail?(account: ReadingAccount, source: Buffer): Promise<void>;
  /** A mailbox that stops being readable is told to its owner's webhooks, once each time it stops. */
  webhookEvents: WebhookEmitter;
}) {
  const { db, clock } = deps;
  const stopping = new AbortController();

  /** Stores where the reading got to; a reading that goes well clears the last failure. */
  async function saveCursor(accountId: number, cursor: InboxCursor | null) {
    const values = { cursor, lastError: null, lastReadAt: clock.now(), updatedAt: clock.now() };
    await db
      .insert(inboxCursors)
      .values({ accountId, ...values })
      .onConflictDoUpdate({
        target: inboxCursors.accountId,
        set: values,
      });
  }

  /**
   * Stores why a reading failed (the cursor stays where it could not move) and, when the last reading went well,
   * queues `mailbox.error` with it: a mailbox failing session after session is told once.
   */
  async function saveFailure(account: ReadingAccount, message: string) {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ lastError: inboxCursors.lastError })
        .from(inboxCursors)
        .where(eq(inboxCursors.accountId, account.id))
        .for('update');
      await tx
        .insert(inboxCursors)
        .values({ accountId: account.id, cursor: null, lastError: message, updatedAt: clock.now() })
        .onConflictDoUpdate({ target: inboxCursors.accountId, set: { lastError: message, updatedAt: clock.now() } });
      if (before?.lastError) return;
      await deps.webhookEvents.emit(tx, {
        userId: account.userId,
        type: 'mailbox.error',
        data: { mailbox: { id: account.id, email: account.email }, message },
      });
    });
  }

  async function readNew(
    account: ReadingAccount,
    inbox: MailInbox,
    state: { cursor: InboxCursor | null; since: Date },
    summary: ReadingSummary,
  ) {
    for (;;) {
      const page = await inbox.read(state.cursor, { since: state.since, limit: INBOX_PAGE });
      for (const message of page.messages) {
        await deps.noteOwnMail?.(account, message.source);
        const result = await deps.inbound.take(account, message.source, { truncated: message.truncated });
        summary.read += 1;
        if (result.outcome === 'taken') summary.taken += 1;
        else if (result.outcome === 'ignored') summary.ignored += 1;
        else summary.duplicates += 1;
      }
      state.cursor = page.cursor;
      await saveCursor(account.id, page.cursor);
      if (!page.more || stopping.signal.aborted) return;
    }
  }

  /**
   * One reading session of an account's mailbox: `sessionMs` long, or until the process stops; null when the account
   * is gone or is not read at all (a send-only mailbox, connected without IMAP).
   */
  async function session(accountId: number, sessionMs = deps.sessionMs): Promise<ReadingSummary | null> {
    const summary: ReadingSummary = { read: 0, taken: 0, ignored: 0, duplicates: 0 };
    const [row] = await db
      .select({
        id: emailAccounts.id,
        userId: emailAccounts.userId,
        email: emailAccounts.email,
        createdAt: emailAccounts.createdAt,
        cursor: inboxCursors.cursor,
        readsReplies: providerConnections.readsReplies,
      })
      .from(emailAccounts)
      .innerJoin(providerConnections, eq(providerConnections.id, emailAccounts.connectionId))
      .leftJoin(inboxCursors, eq(inboxCursors.accountId, emailAccounts.id))
      .where(eq(emailAccounts.id, accountId));
    if (!row?.readsReplies) return null;
    if (stopping.signal.aborted) return summary;
    const deadline = Date.now() + sessionMs;
    const state = {
      cursor: (row.cursor as InboxCursor | null) ?? null,
      since: new Date(row.createdAt.getTime() - FIRST_READ_LOOKBACK_MS),
    };
    let inbox: MailInbox | null = null;
    try {
      inbox = await deps.openInbox(accountId);
      await readNew(row, inbox, state, summary);
      for (;;) {
        const remaining = deadline - Date.now();
        if (remaining <= 0 || stopping.signal.aborted) break;
        await inbox.waitForMail({ timeoutMs: remaining, signal: stopping.signal });
        if (stopping.signal.aborted) break;
        await readNew(row, inbox, state, summary);
      }
    } catch (error) {
      // Shown on the account's card: plain words only; the error itself goes on to the job's log.
      await saveFailure(row, plainMessageOf(error, UNEXPECTED_READ_FAILURE));
      throw error;
    } finally {
      await inbox?.close();
    }
    return summary;
  }

  return {
    session,

    /** How long one session lasts, in seconds. */
    sessionSeconds: deps.sessionMs / 1000,

    /** A session run as a job: the next one is queued as it ends (later after a failure); none once the account is gone. */
    async run(accountId: number): Promise<ReadingSummary | null> {
      let summary: ReadingSummary | null;
      try {
        summary = await session(accountId);
      } catch (error) {
        await deps.enqueueSession(accountId, RETRY_AFTER_FAILURE_SECONDS);
        throw error;
      }
      if (summary !== null && !stopping.signal.aborted) await deps.enqueueSession(accountId, 0);
      return summary;
    },

    /**
     * Queues a session for every mailbox to read (accounts not disconnected, whose replies are read); those already
     * queued stay as they are.
     */
    async scheduleAll(): Promise<number> {
      const rows = await db
        .select({ id: emailAccounts.id })
        .from(emailAccounts)
        .innerJoin(providerConnections, eq(providerConnections.id, emailAccounts.connectionId))
        .where(and(sql`${emailAccounts.status} <> 'disconnected'`, eq(providerConnections.readsReplies, true)));
      for (const row of rows) await deps.enqueueSession(row.id, 0);
      return rows.length;
    },

    /** Ends the sessions under way (they stop waiting and return); the process is stopping. */
    stop() {
      stopping.abort();
    },
  };
}
