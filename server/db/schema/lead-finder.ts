import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownedRowColumns } from './owned-row';
import { users } from './users';

export const LEAD_SEARCH_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export const LEAD_SOURCES = ['osm', 'google'] as const;

/** A lead finder search: what the user asked for, run as a job, with its progress. */
export const leadSearches = pgTable(
  'lead_searches',
  {
    ...ownedRowColumns(),
    query: text('query').notNull(),
    location: text('location').notNull(),
    radiusKm: integer('radius_km').notNull(),
    status: text('status', { enum: LEAD_SEARCH_STATUSES }).notNull().default('queued'),
    errorMessage: text('error_message'),
    /** Sources that could not be reached, with why (the search goes on with the others). */
    sourceErrors: jsonb('source_errors').$type<{ source: string; message: string }[]>().notNull().default([]),
    businessesFound: integer('businesses_found').notNull().default(0),
    websitesTotal: integer('websites_total').notNull().default(0),
    websitesChecked: integer('websites_checked').notNull().default(0),
    emailsFound: integer('emails_found').notNull().default(0),
    /** Where the place was found (geocoded), the centre of the radius. */
    centerLatitude: doublePrecision('center_latitude'),
    centerLongitude: doublePrecision('center_longitude'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('lead_searches_user_created_idx').on(table.userId, table.createdAt.desc())],
);

/** One business a search found, with the email found for it, its score against the user's profile. */
export const leadSearchResults = pgTable(
  'lead_search_results',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    searchId: bigint('search_id', { mode: 'number' })
      .notNull()
      .references(() => leadSearches.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: LEAD_SOURCES }).notNull(),
    /** The business's id at its source (an OSM element such as node/123, a Google place id). */
    sourceId: text('source_id').notNull(),
    name: text('name').notNull(),
    category: text('category'),
    address: text('address'),
    phone: text('phone'),
    website: text('website'),
    email: text('email'),
    /** Where the email was found: the source's own data ('osm', 'google') or the page's URL. */
    emailSource: text('email_source'),
    /** The email's domain has MX records: true, false, or null when that could not be checked. */
    emailVerified: boolean('email_verified'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    distanceKm: doublePrecision('distance_km'),
    score: integer('score').notNull().default(0),
    reason: text('reason').notNull().default(''),
    alreadyLead: boolean('already_lead').notNull().default(false),
    importedAt: timestamp('imported_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lead_search_results_source_idx').on(table.searchId, table.source, table.sourceId),
    index('lead_search_results_search_score_idx').on(table.searchId, table.score.desc()),
  ],
);

/** Answers of the public sources kept for a day (their usage policies ask for it), by request. */
export const leadSourceCache = pgTable('lead_source_cache', {
  key: text('key').primaryKey(),
  body: jsonb('body').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

export type LeadSearchRow = typeof leadSearches.$inferSelect;
export type LeadSearchResultRow = typeof leadSearchResults.$inferSelect;
