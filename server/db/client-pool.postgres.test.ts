import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { waitFor } from '../test/server-process';
import { queryRows } from './client';

const database = await createTestDatabase();
afterAll(() => database.dispose());

describe('the PostgreSQL pool', () => {
  it('outlives the server closing its idle connections (a restart), and opens new ones', async () => {
    const idle = await queryRows<{ pid: number }>(database.db, sql`SELECT pg_backend_pid() AS pid`);
    // What a restart does to each session; from another connection, so that the pool's stays idle.
    const admin = new pg.Client({ connectionString: database.connectionString });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [idle[0].pid]);
    await admin.end();
    // The pool hears of it as an error of the idle client, and drops the client (no listener here: the app's own).
    await waitFor(() => database.pool.totalCount === 0, 'the pool to drop the closed connection');

    const [{ answer }] = await queryRows<{ answer: number }>(database.db, sql`SELECT 42 AS answer`);
    expect(answer).toBe(42);
  });
});
