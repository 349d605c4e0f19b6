import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, registerUser } from '../../test/app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  // Autovacuum would count the table too, whenever it next looks: here only the import may.
  await t.database.db.execute(sql`ALTER TABLE leads SET (autovacuum_enabled = false)`);
});
afterAll(() => t?.close());

const estimatedLeads = async () =>
  (
    await queryRows<{ estimated: number }>(
      t.database.db,
      sql`SELECT reltuples::int AS estimated FROM pg_class WHERE oid = 'leads'::regclass`,
    )
  )[0].estimated;

describe('the leads table after an import', () => {
  it('has fresh statistics once it has more than doubled, without waiting for autovacuum', async () => {
    const token = await registerUser(t.app, 'upkeep@leads.test');
    const upload = (from: number, count: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/leads/upload-csv',
        payload: {
          csvData: Array.from({ length: count }, (_, i) => ({ email: `lead-${from + i}@upkeep.test`, company: 'Co' })),
          firstRowNumber: 2,
        },
        headers: { cookie: `lr_session=${token}` },
      });
    expect((await upload(0, 3_000)).json()).toMatchObject({ added: 3_000 });
    expect(await estimatedLeads()).toBe(3_000);
    // Less than double what was counted: no ANALYZE on every import, the estimate stays.
    expect((await upload(3_000, 2_000)).json()).toMatchObject({ added: 2_000 });
    expect(await estimatedLeads()).toBe(3_000);
    expect((await upload(5_000, 3_000)).json()).toMatchObject({ added: 3_000 });
    expect(await estimatedLeads()).toBe(8_000);
  });
});
