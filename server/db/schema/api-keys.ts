import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownedRowColumns } from './owned-row';

/**
 * A user's keys for the public API. Only the key's SHA-256 is kept: a key is 32 random bytes, so a plain digest
 * cannot be reversed, and a request finds its key by the digest in one indexed read. Revoked keys stay (their
 * name and last use explain old log lines) but never match.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    ...ownedRowColumns(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_keys_key_hash_idx').on(table.keyHash),
    index('api_keys_user_idx').on(table.userId).where(sql`${table.revokedAt} IS NULL`),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
