import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEFAULT_DAILY_LIMIT, DEFAULT_SENDS_PER_MINUTE } from '../../../contract/accounts';
import { ownedRowColumns } from './owned-row';
import { users } from './users';

/** One domain check's outcome as stored (contract/accounts.ts `DomainCheck`). */
type StoredCheck = { status: 'pass' | 'warning' | 'fail' | 'unknown'; detail: string; advice: string | null };

/** The stored health of an account's sending domain. */
export type AccountHealthRecord = {
  checkedAt: string;
  domain: string;
  mx: StoredCheck;
  spf: StoredCheck;
  dkim: StoredCheck;
  dmarc: StoredCheck;
  blocklist: StoredCheck;
};

/** A mailbox the user has proven access to (OAuth tokens or SMTP/IMAP credentials, encrypted). */
export const providerConnections = pgTable(
  'provider_connections',
  {
    ...ownedRowColumns(),
    provider: text('provider', { enum: ['outlook', 'gmail', 'smtp'] }).notNull(),
    email: text('email').notNull(),
    /** SecretBox-sealed JSON: tokens or server settings with passwords. Never returned by the API. */
    credentials: text('credentials').notNull(),
    /**
     * Whether the mailbox is read for replies and bounces: false for one connected over SMTP without IMAP. Kept
     * beside the sealed credentials (which say the same) so the list and the reading schedule need not open them.
     */
    readsReplies: boolean('reads_replies').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('provider_connections_user_mailbox_idx').on(table.userId, table.provider, sql`lower(${table.email})`),
  ],
);

/** A sending account: a connection linked for sending, with its daily counter. One account per connection. */
export const emailAccounts = pgTable(
  'email_accounts',
  {
    ...ownedRowColumns(),
    connectionId: bigint('connection_id', { mode: 'number' })
      .notNull()
      .references(() => providerConnections.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    displayName: text('display_name'),
    status: text('status', { enum: ['active', 'rate_limited', 'error', 'disconnected'] })
      .notNull()
      .default('active'),
    statusReason: text('status_reason'),
    sentToday: integer('sent_today').notNull().default(0),
    dailyLimit: integer('daily_limit').notNull().default(DEFAULT_DAILY_LIMIT),
    /** The pace: at most this many mails a minute through the account, with random gaps between them. */
    sendsPerMinute: integer('sends_per_minute').notNull().default(DEFAULT_SENDS_PER_MINUTE),
    /** The earliest the next mail may go (the pace), taken atomically by whichever sender sends next. */
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    /** The user's local date of the current counter (YYYY-MM-DD); a new local day starts the count at 0. */
    lastResetDate: text('last_reset_date'),
    /** The warm-up ramp: a new mailbox starts at a low daily limit that rises each day; off when warm. */
    warmupEnabled: boolean('warmup_enabled').notNull().default(true),
    /** The ramp's day 1 (the user's local date, YYYY-MM-DD, of the first day it sent or was linked). */
    warmupStartDate: text('warmup_start_date'),
    /** How much the ramp's limit rises each day. */
    warmupDailyStep: integer('warmup_daily_step').notNull().default(5),
    /** The sending domain's last health check (MX, SPF, DKIM, DMARC, blocklist), or null before the first. */
    health: jsonb('health').$type<AccountHealthRecord>(),
    /** DKIM selectors seen signing mail from the account's domain (its own mails read back), checked with the usual. */
    dkimSelectors: text('dkim_selectors').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('email_accounts_connection_idx').on(table.connectionId),
    index('email_accounts_user_idx').on(table.userId),
  ],
);

export type ProviderConnectionRow = typeof providerConnections.$inferSelect;
export type EmailAccountRow = typeof emailAccounts.$inferSelect;

/** A sign-in with Microsoft or Google in progress: its state, PKCE verifier and the session that started it. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  sessionHash: text('session_hash').notNull(),
  provider: text('provider', { enum: ['outlook', 'gmail'] }).notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
