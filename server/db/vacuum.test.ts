import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createContainer } from '../container';
import { testConfig } from '../test/app';
import { createTestDatabase } from '../test/database';
import { queryRows } from './client';
import { autovacuumRuns } from './vacuum';

const database = await createTestDatabase();
afterAll(() => database.dispose());

const probeSize = async () =>
  (await queryRows<{ bytes: number }>(database.db, sql`SELECT pg_relation_size('vacuum_probe')::int AS bytes`))[0]
    .bytes;

describe('the database.vacuum job', () => {
  it('reclaims deleted rows where no autovacuum runs, and leaves a server with autovacuum to it', async () => {
    await database.db.execute(sql`CREATE TABLE vacuum_probe (id int, filler text)`);
    await database.db.execute(
      sql`INSERT INTO vacuum_probe SELECT i, repeat('x', 200) FROM generate_series(1, 5000) AS i`,
    );
    await database.db.execute(sql`DELETE FROM vacuum_probe`);
    const before = await probeSize();
    expect(before).toBeGreaterThan(500_000);
    const autovacuum = await autovacuumRuns(database.db);

    const container = await createContainer(testConfig, database, { runsWorkers: true });
    try {
      // Queued before the workers start, so their first poll takes it (scheduled jobs are polled for every 10 s).
      const jobId = await container.jobs.send('database.vacuum', {});
      if (!jobId) throw new Error('the job was not enqueued');
      await container.jobs.startWorkers({ services: container.services, log: { info() {}, warn() {} } });
      for (let i = 0; i < 150 && (await container.jobs.state('database.vacuum', jobId)) !== 'completed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await container.jobs.state('database.vacuum', jobId)).toBe('completed');
      expect(await container.jobs.output('database.vacuum', jobId)).toEqual({ vacuumed: !autovacuum });
    } finally {
      await container.close();
    }
    // VACUUM gives the empty pages at the end of a table back: all of them here.
    if (!autovacuum) expect(await probeSize()).toBe(0);
  });
});
