import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_SENDING_WINDOW } from '../../../contract/sending-window';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    companyName: text('company_name'),
    industry: text('industry'),
    service: text('service'),
    preferredLocalClients: text('preferred_local_clients'),
    subscriptionStatus: text('subscription_status', { enum: ['trial', 'active', 'cancelled', 'expired'] })
      .notNull()
      .default('trial'),
    trialEndDate: timestamp('trial_end_date', { withTimezone: true }),
    /** The end of the paid period (active: the next renewal; cancelled: when access ends). */
    subscriptionPeriodEnd: timestamp('subscription_period_end', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** When the billing provider's newest applied event was created: an older event never overwrites a newer state. */
    subscriptionEventAt: timestamp('subscription_event_at', { withTimezone: true }),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** IANA zone for "today" (daily sending limits reset at the user's local midnight). */
    timezone: text('timezone').notNull().default('UTC'),
    /** The sender's postal address, printed in every campaign mail's footer (CAN-SPAM requires one). */
    postalAddress: text('postal_address'),
    /** The sending window of sequence steps, in the user's timezone: from, until (HH:mm) and ISO weekdays (1 = Monday). */
    sendWindowStart: text('send_window_start').notNull().default(DEFAULT_SENDING_WINDOW.start),
    sendWindowEnd: text('send_window_end').notNull().default(DEFAULT_SENDING_WINDOW.end),
    sendDays: integer('send_days').array().notNull().default(sql`'{1,2,3,4,5}'::integer[]`),
    /** Booking pages (a Calendly link…): a click on one in a mail counts as a meeting booked. */
    bookingUrls: text('booking_urls').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    // HMAC of the cookie token: a database leak alone does not yield usable sessions.
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId), index('sessions_expires_at_idx').on(table.expiresAt)],
);

/**
 * A "forgot password" link: the HMAC of its token (like sessions), single-use, valid 30 minutes. Using it sets the
 * new password and revokes every session of the user. A newer link marks the older open ones used; the rows of the
 * last hour count the mails sent to the account (at most 3, decision 0060).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * An administrator's invitation to sign up (decision 0060): the HMAC of its link's token (like sessions), valid 7
 * days, used up by the registration it lets in; revoking one deletes it. `email` is lower case.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invitations_token_hash_idx').on(table.tokenHash),
    index('invitations_email_idx').on(table.email),
  ],
);

/**
 * Attempts counted per key (the HMAC of e.g. `login:ip:203.0.113.7`) in fixed windows, shared by every web process
 * (server/lib/rate-limiter.ts, decision 0038). Not a user's row: the keys are addresses and typed emails.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_windows_resets_at_idx').on(table.resetsAt)],
);

/** Billing provider events already applied (Stripe retries and replays deliveries): each is applied once. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
