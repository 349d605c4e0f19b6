import { readFileSync } from 'node:fs';
import path from 'node:path';
import { appRoot } from '../lib/app-root';

/** One committed migration (server/db/migrations), as Drizzle's journal lists it. */
export type Migration = { tag: string; when: number; sql: string };

const migrationsFolder = path.join(appRoot, 'server/db/migrations');

/** The committed migrations in the journal's order. */
export function committedMigrations(): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => ({
    tag,
    when,
    sql: readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8'),
  }));
}

/** Drizzle's journal table, created as its migrator creates it (drizzle-orm/pg-core/dialect.js). */
export const MIGRATIONS_TABLE_SQL = [
  'CREATE SCHEMA IF NOT EXISTS drizzle;',
  'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);',
].join('\n');

/**
 * The migrations a database has had, from the `created_at` of the rows of its drizzle.__drizzle_migrations (each
 * the journal's `when` of a migration): Drizzle applies every migration newer than the last row, so those up to
 * the last row are the database's schema. A row this release does not know means the database was migrated by a
 * newer LocalReach, whose schema these files cannot make.
 */
export function appliedMigrations(
  migrations: Migration[],
  appliedAt: number[],
): { applied: Migration[]; unknown: number[] } {
  const known = new Set(migrations.map((migration) => migration.when));
  const unknown = appliedAt.filter((when) => !known.has(when));
  const last = Math.max(-1, ...appliedAt);
  return { applied: migrations.filter((migration) => migration.when <= last), unknown };
}

/**
 * A migration's SQL as a script: Drizzle runs the parts between its `--> statement-breakpoint` markers one by
 * one, and a part need not end with a semicolon; in a script each must, or two statements would run together.
 */
export function migrationScript(migration: Migration): string {
  const parts = migration.sql
    .split('--> statement-breakpoint')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return parts.map((part) => (part.endsWith(';') ? part : `${part}\n;`)).join('\n');
}
