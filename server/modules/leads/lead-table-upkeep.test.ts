import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { autovacuumRuns } from '../../db/vacuum';
import { createTestApp, registerUser } from '../../test/app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const leadsTable = async () =>
  (
    await queryRows<{ pages: number; allVisible: number; estimated: number }>(
      t.database.db,
      sql`SELECT relpages AS pages, relallvisible AS "allVisible", reltuples::int AS estimated
          FROM pg_class WHERE oid = 'leads'::regclass`,
    )
  )[0];

describe('the leads table after an import', () => {
  it('has fresh statistics, and where no autovacuum runs its pages are marked all-visible for the list', async () => {
    const token = await registerUser(t.app, 'upkeep@leads.test');
    const csvData = Array.from({ length: 3_000 }, (_, i) => ({ email: `lead-${i}@upkeep.test`, company: `Co ${i}` }));
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/leads/upload-csv',
      payload: { csvData, firstRowNumber: 2 },
      headers: { cookie: `lr_session=${token}` },
    });
    expect(imported.json()).toMatchObject({ added: 3_000 });

    const table = await leadsTable();
    expect(table.estimated).toBe(3_000);
    expect(table.pages).toBeGreaterThan(10);
    // VACUUM marks every page it finds free of dead rows all-visible; ANALYZE alone marks none.
    if (await autovacuumRuns(t.database.db)) expect(table.allVisible).toBe(0);
    else expect(table.allVisible).toBe(table.pages);
  });
});
