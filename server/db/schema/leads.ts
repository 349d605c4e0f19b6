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
import { users } from './users';

export const leads = pgTable(
  'leads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    company: text('company'),
    status: text('status', { enum: ['active', 'unsubscribed', 'bounced'] })
      .notNull()
      .default('active'),
    /** Why the lead is bounced or unsubscribed, in a sentence (e.g. "No mail server for this domain"). */
    statusReason: text('status_reason'),
    customFields: jsonb('custom_fields').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Duplicates are skipped by email, case-insensitively, per user (ON CONFLICT DO NOTHING targets this).
    uniqueIndex('leads_user_email_idx').on(table.userId, sql`lower(${table.email})`),
    // The list order: newest first, ties by id.
    index('leads_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
  ],
);

/** Per-user lead counts, kept by triggers on `leads` so counting a million leads is one row read. */
export const leadCounts = pgTable('lead_counts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  active: integer('active').notNull().default(0),
  unsubscribed: integer('unsubscribed').notNull().default(0),
  bounced: integer('bounced').notNull().default(0),
});

export type LeadRow = typeof leads.$inferSelect;

/**
 * Whether a domain can receive mail (MX, or an A/AAAA record per RFC 5321), cached for a day: public DNS facts,
 * shared by every user, like the lead finder's source cache.
 */
export const mailDomainChecks = pgTable('mail_domain_checks', {
  domain: text('domain').primaryKey(),
  acceptsMail: boolean('accepts_mail').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});
