import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { registerUser } from './test/app';
import { apiRoutes, createHostileOwner, type HostileOwner } from './test/hostile-owner';
import { plausibleFor } from './test/hostile-values';

/**
 * Who may see what, generated from the app's route table: user B replays every id of user A on every route that
 * takes one, with every method, and gets A's rows neither shown nor changed. A route with an id whose kind A owns
 * no row of fails here, naming where to add one.
 */

let owner: HostileOwner;
let intruder: string;
beforeAll(async () => {
  owner = await createHostileOwner();
  intruder = await registerUser(owner.t.app, 'intruder-b@hostile.test');
});
afterAll(async () => {
  await owner?.close();
});

/** Every row that is A's (each table with a user_id, and A's user row), as text. */
async function rowsOf(userId: string): Promise<string[]> {
  const query = async <Row>(statement: SQL) =>
    ((await owner.t.database.db.execute(statement)) as unknown as { rows: Row[] }).rows;
  const tables = await query<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.columns
        WHERE column_name = 'user_id' AND table_schema = 'public' ORDER BY 1`,
  );
  const rows: string[] = [];
  for (const { name } of tables) {
    const found = await query<{ row: string }>(
      sql`SELECT t::text AS row FROM ${sql.identifier(name)} t WHERE user_id = ${userId}`,
    );
    rows.push(...found.map((row) => `${name} ${row.row}`));
  }
  const user = await query<{ row: string }>(sql`SELECT u::text AS row FROM users u WHERE id = ${userId}`);
  return [...rows, ...user.map((row) => `users ${row.row}`)].sort();
}

describe('user B replaying user A’s ids on every route that takes one', () => {
  it('gets 404 (403 on admin routes), never A’s data, and leaves A’s rows as they were', async () => {
    // Routes outside /api/ are the signed links in mails (tracking, unsubscribe): whoever holds the link may use
    // it, so there is no owner to check.
    // PUT /api/leads/by-email/{email} with A's lead's address makes B a lead of B's own: the address is data the
    // caller gives, not a reference to A's row (lead-by-email.routes.test.ts proves each user keeps their own).
    const ownUpsert = (method: string, url: string) => method === 'PUT' && url === '/api/leads/by-email/:email';
    const targets = apiRoutes(owner.t.routes).filter(
      ({ method, url }) => url.startsWith('/api/') && url.includes('/:') && !ownUpsert(method, url),
    );
    expect(targets.length).toBeGreaterThan(20);
    const before = await rowsOf(owner.userId);
    expect(before.filter((row) => row.startsWith('leads ')).length).toBe(2);
    const secrets = [owner.account.email, 'lead-0@prospects.test', 'Yes, call me on Thursday.'];

    const leaks: string[] = [];
    for (const { method, url, route } of targets) {
      const bodySchema = (route.schema as { body?: z.ZodType } | undefined)?.body;
      // A body the schema accepts, so the request reaches the ownership check instead of stopping at validation.
      const payload = bodySchema ? plausibleFor(bodySchema) : undefined;
      if (bodySchema && payload === undefined) {
        leaks.push(`${method} ${url}: no plain body passes its schema; give plausibleFor a value it accepts`);
        continue;
      }
      const response = await owner.t.app.inject({
        method: method as 'GET',
        url: owner.urlFor(url),
        headers: { cookie: `lr_session=${intruder}` },
        ...(payload !== undefined && { payload: payload as object }),
      });
      const expected = url.startsWith('/api/admin/') ? 403 : 404;
      if (response.statusCode !== expected) {
        leaks.push(`${method} ${url} answered ${response.statusCode}, not ${expected}: ${response.body.slice(0, 200)}`);
      }
      const shown = secrets.filter((secret) => response.body.includes(secret));
      if (shown.length > 0) leaks.push(`${method} ${url} showed A's ${shown.join(', ')}`);
    }
    expect(leaks.join('\n')).toBe('');
    expect(await rowsOf(owner.userId)).toEqual(before);
  }, 60_000);
});
