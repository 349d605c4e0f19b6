import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { migrateDatabase, queryRows } from './client';

const database = await createTestDatabase();
afterAll(() => database.dispose());

describe('migrations', () => {
  it('can run again, and concurrently, without harm (web and worker starting together)', async () => {
    await Promise.all([migrateDatabase(database), migrateDatabase(database)]);
    const tables = await queryRows<{ name: string }>(
      database.db,
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    expect(tables.map((row) => row.name)).toEqual(expect.arrayContaining(['sessions', 'users']));
  });
});
