import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { migrateDatabase, queryRows } from './client';

const database = await createTestDatabase({ migrated: false });
afterAll(() => database.dispose());

const appliedMigrations = async () =>
  (
    await queryRows<{ count: number }>(
      database.db,
      sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
    )
  )[0].count;

describe('migrations', () => {
  it('migrate an empty database once when web and worker start together, and can run again', async () => {
    // Both start on an empty database: without the advisory lock both would create the same tables and one fails.
    await Promise.all([migrateDatabase(database), migrateDatabase(database), migrateDatabase(database)]);
    const tables = await queryRows<{ name: string }>(
      database.db,
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    expect(tables.map((row) => row.name)).toEqual(expect.arrayContaining(['sessions', 'users', 'leads']));
    const applied = await appliedMigrations();
    await migrateDatabase(database);
    expect(await appliedMigrations()).toBe(applied);
  });
});
