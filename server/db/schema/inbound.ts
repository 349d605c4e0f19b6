import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { emailAccounts } from './accounts';
import { campaignRecipients } from './campaigns';
import { leads } from './leads';
import { ownedRowColumns } from './owned-row';

/**
 * What a taken-in message is: a prospect's reply, a delivery failure report, a spam complaint, an automatic reply;
 * a report that did not refer to a mail we sent (kept, changing nothing: decision 0058); a message that could not be
 * read in time (kept with its headers, changing nothing: decision 0055).
 */
export const INBOUND_KINDS = [
  'reply',
  'bounce',
  'complaint',
  'auto_reply',
  'unmatched_report',
  'unclassified',
] as const;
export type InboundKind = (typeof INBOUND_KINDS)[number];

export const REPLY_PRIORITIES = ['hot', 'high', 'medium', 'other'] as const;

/** What the classifier read beyond the kind: a report's recipients and diagnostic, an auto-reply's return date. */
export type InboundDetails = {
  permanent?: boolean;
  delayed?: boolean;
  status?: string | null;
  diagnostic?: string | null;
  feedbackType?: string;
  returnDate?: string | null;
  /** An unmatched report's kind: a delivery report or a complaint. */
  report?: 'bounce' | 'complaint';
};

/**
 * A message read from a connected mailbox that answers or concerns one of our sends (nothing else is stored). The
 * replies are docs/product.md's Responses; every kind is on the lead's history. Unique per mailbox and Message-ID, so a
 * message read twice (a restart, a re-read after UIDVALIDITY changed) is taken in once.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    ...ownedRowColumns(),
    accountId: bigint('account_id', { mode: 'number' }).references(() => emailAccounts.id, { onDelete: 'set null' }),
    /** The message's own Message-ID (a digest of its source when it has none). */
    messageId: text('message_id').notNull(),
    kind: text('kind', { enum: INBOUND_KINDS }).notNull(),
    leadId: bigint('lead_id', { mode: 'number' }).references(() => leads.id, { onDelete: 'cascade' }),
    /** Our mail it answers or reports on, when it can be told. */
    recipientId: bigint('recipient_id', { mode: 'number' }).references(() => campaignRecipients.id, {
      onDelete: 'set null',
    }),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull().default(''),
    /** The message's text (capped), for the thread and the AI's context. */
    bodyText: text('body_text').notNull().default(''),
    /** A reply's own words, above the quoted history. */
    replyText: text('reply_text').notNull().default(''),
    /** Its In-Reply-To and References, so our answer continues the thread. */
    threadIds: text('thread_ids').array().notNull().default(sql`'{}'::text[]`),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    priority: text('priority', { enum: REPLY_PRIORITIES }),
    priorityReason: text('priority_reason'),
    unsubscribeRequest: boolean('unsubscribe_request').notNull().default(false),
    followupRequired: boolean('followup_required').notNull().default(false),
    followupCompleted: boolean('followup_completed').notNull().default(false),
    followupCompletedAt: timestamp('followup_completed_at', { withTimezone: true }),
    meetingBookedAt: timestamp('meeting_booked_at', { withTimezone: true }),
    details: jsonb('details').$type<InboundDetails>().notNull().default({}),
    /** The message was larger than the reader fetches (INBOUND_MESSAGE_LIMIT_BYTES): only its beginning was read. */
    truncated: boolean('truncated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('inbound_messages_account_message_idx').on(table.accountId, table.messageId),
    // The responses list and inbox: a user's replies, newest first.
    index('inbound_messages_user_replies_idx')
      .on(table.userId, table.receivedAt.desc(), table.id.desc())
      .where(sql`kind = 'reply'`),
    // The follow-up count and panel.
    index('inbound_messages_user_pending_idx')
      .on(table.userId, table.receivedAt.desc())
      .where(sql`kind = 'reply' AND followup_required AND NOT followup_completed`),
    index('inbound_messages_lead_idx').on(table.leadId, table.receivedAt),
  ],
);

/**
 * Where a mailbox's reader stopped (IMAP UIDVALIDITY and last UID, a Graph delta link, a Gmail history id), so a
 * restart resumes there, and how its last read went.
 */
export const inboxCursors = pgTable('inbox_cursors', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => emailAccounts.id, { onDelete: 'cascade' }),
  cursor: jsonb('cursor').$type<Record<string, unknown>>(),
  lastReadAt: timestamp('last_read_at', { withTimezone: true }),
  lastError: text('last_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type InboundMessageRow = typeof inboundMessages.$inferSelect;
