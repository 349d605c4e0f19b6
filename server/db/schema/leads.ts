import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownedRowColumns } from './owned-row';
import { users } from './users';

/**
 * What the list sorts a lead's name by: "first last", lowercase, and no key (sorted last) when it has neither. Written
 * only with immutable functions, so an index can hold it (leads_user_name_idx).
 */
export function leadNameSortKey(columns: { firstName: AnyPgColumn; lastName: AnyPgColumn }): SQL {
  return sql`lower(nullif(btrim(coalesce(${columns.firstName}, '') || ' ' || coalesce(${columns.lastName}, '')), ''))`;
}

export const leads = pgTable(
  'leads',
  {
    ...ownedRowColumns(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    company: text('company'),
    status: text('status', { enum: ['active', 'unsubscribed', 'bounced'] })
      .notNull()
      .default('active'),
    /** Why the lead is bounced or unsubscribed, in a sentence (e.g. "No mail server for this domain"). */
    statusReason: text('status_reason'),
    /** When the status last changed (null: never, or before this was recorded). */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /**
     * The user who changed it by hand (the lead's owner); null when the lead, their mail server or a check changed it
     * (decision 0035). No foreign key: a second one would add a check per imported row, and the owner's leads go
     * with the owner.
     */
    statusChangedBy: uuid('status_changed_by'),
    customFields: jsonb('custom_fields').$type<Record<string, string>>().notNull().default({}),
    /**
     * What search looks in (decision 0035): email, names, company and custom-field values as one lowercase text,
     * computed by the database (lead_search_text, migration 0021) and trigram-indexed.
     */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lead_search_text(${leads.email}, ${leads.firstName}, ${leads.lastName}, ${leads.company}, ${leads.customFields})`,
    ),
    /** Never updated: the list's bookmarks (lead_list_marks) rely on a lead keeping its place. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Duplicates are skipped by email, case-insensitively, per user (ON CONFLICT DO NOTHING targets this).
    uniqueIndex('leads_user_email_idx').on(table.userId, sql`lower(${table.email})`),
    // The list order: newest first, ties by id.
    index('leads_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    // The list of one status (the status filter asked of the server), in the same order.
    index('leads_user_status_created_idx').on(table.userId, table.status, table.createdAt.desc(), table.id.desc()),
    // The list sorted by name or by company (decision 0067): the sort keys of lead-list.ts, ties by id.
    index('leads_user_name_idx').on(table.userId, leadNameSortKey(table), table.id),
    index('leads_user_company_idx').on(table.userId, sql`lower(${table.company})`, table.id),
    // '%word%' search (pg_trgm's trigrams). New entries wait in a pending list, merged after each import and by the
    // housekeeping job (lead-table-upkeep.ts): large enough that an import chunk never merges it piece by piece.
    index('leads_search_idx').using('gin', table.searchText.op('gin_trgm_ops')).with({ gin_pending_list_limit: 16384 }),
  ],
);

/**
 * Bookmarks into the list order (newest first), so a deep page seeks instead of walking every row before it
 * (decision 0035). A mark is a sort key (created_at, lead id; the lead may since be deleted) with `older`, how many
 * of the user's leads sort at or after it; the row at offset O is found from the mark with the least `older` of at
 * least total - O. Kept by triggers on `leads` (migration 0021): about one mark every LEAD_MARK_SPACING leads.
 */
export const leadListMarks = pgTable(
  'lead_list_marks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    leadId: bigint('lead_id', { mode: 'number' }).notNull(),
    older: integer('older').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.createdAt, table.leadId] }),
    index('lead_list_marks_user_older_idx').on(table.userId, table.older),
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
