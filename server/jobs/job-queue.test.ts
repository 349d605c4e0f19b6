import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TransportError } from '../adapters/mail/transport';
import { createContainer } from '../container';
import { queryRows } from '../db/client';
import { testConfig } from '../test/app';
import { createTestDatabase } from '../test/database';
import { jobCatalogue } from './catalogue';
import { defineJob, type JobContext } from './job-definition';

// A catalogue extended with jobs that fail the three ways a job can.
const failing = (error: () => Error) =>
  defineJob({
    payload: z.object({ n: z.number() }),
    policy: { retryLimit: 0, expireInSeconds: 30 },
    async run() {
      throw error();
    },
  });
const catalogue = {
  ...jobCatalogue,
  'test.rate_limited': failing(() => new TransportError('rate_limited', 'Slow down', 45)),
  'test.auth': failing(() => new TransportError('auth', 'SMTP login failed')),
  'test.temporary': failing(() => new TransportError('temporary', 'Could not reach the SMTP server')),
};

const database = await createTestDatabase();
const container = await createContainer(testConfig, database, { runsWorkers: true, catalogue });
const warnings: string[] = [];
await container.jobs.startWorkers({
  services: container.services,
  log: { info() {}, warn: (message) => warnings.push(message) },
});
afterAll(async () => {
  await container.close();
  await database.dispose();
});

async function settled(name: keyof typeof catalogue & string, id: string) {
  for (let i = 0; i < 100; i++) {
    const state = await container.jobs.state(name, id);
    if (state === 'completed' || state === 'failed') return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} did not settle`);
}

describe('the job queue', () => {
  it('refuses a payload that does not match the catalogue', async () => {
    await expect(container.jobs.send('test.auth', { n: 'one' } as never)).rejects.toThrow();
  });

  it('puts a job that was asked to wait back on the queue for after the wait', async () => {
    const id = await container.jobs.send('test.rate_limited', { n: 1 });
    if (!id) throw new Error('not enqueued');
    expect(await settled('test.rate_limited', id)).toBe('completed');
    expect(await container.jobs.output('test.rate_limited', id)).toEqual({ retryAfterSeconds: 45 });
    const [again] = await queryRows<{ data: { n: number }; wait: number }>(
      database.db,
      sql`SELECT data, extract(epoch FROM start_after - now())::int AS wait
          FROM pgboss.job WHERE name = 'test.rate_limited' AND id <> ${id}`,
    );
    expect(again.data).toEqual({ n: 1 });
    expect(again.wait).toBeGreaterThan(35);
    expect(again.wait).toBeLessThanOrEqual(45);
  });

  it('gives up on an error that retrying cannot fix, saying why', async () => {
    const id = await container.jobs.send('test.auth', { n: 2 });
    if (!id) throw new Error('not enqueued');
    expect(await settled('test.auth', id)).toBe('completed');
    expect(await container.jobs.output('test.auth', id)).toEqual({ gaveUp: 'SMTP login failed' });
    expect(warnings.some((line) => line.includes('gave up: SMTP login failed'))).toBe(true);
  });

  it('runs the jobs a cron schedule makes, which carry no data', async () => {
    // pg-boss's scheduler enqueues a cron's job with data NULL.
    const [{ id }] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO pgboss.job (name, data) VALUES ('sessions.expire', NULL) RETURNING id`,
    );
    expect(await settled('sessions.expire', id)).toBe('completed');
  });

  it('removes the schedules of jobs an earlier release ran on a schedule and this one does not', async () => {
    const earlierDatabase = await createTestDatabase();
    try {
      const earlierCatalogue = {
        ...jobCatalogue,
        'database.vacuum': defineJob({
          payload: z.object({}).passthrough(),
          policy: { retryLimit: 0, expireInSeconds: 300 },
          cron: '0 4 * * *',
          async run() {},
        }),
      };
      const scheduledNames = async () =>
        (
          await queryRows<{ name: string }>(earlierDatabase.db, sql`SELECT name FROM pgboss.schedule ORDER BY name`)
        ).map((row) => row.name);
      const log = { info() {}, warn() {} };
      const earlier = await createContainer(testConfig, earlierDatabase, {
        runsWorkers: true,
        catalogue: earlierCatalogue,
      });
      await earlier.jobs.startWorkers({ services: earlier.services, log });
      await earlier.close();
      expect(await scheduledNames()).toContain('database.vacuum');

      const current = await createContainer(testConfig, earlierDatabase, { runsWorkers: true });
      await current.jobs.startWorkers({ services: current.services, log });
      await current.close();
      const cronJobs = Object.entries(jobCatalogue).flatMap(([name, job]) => (job.cron ? [name] : []));
      expect(await scheduledNames()).toEqual(cronJobs.sort());
    } finally {
      await earlierDatabase.dispose();
    }
  });

  it('leaves a passing error to pg-boss’s retries, then fails the job', async () => {
    const id = await container.jobs.send('test.temporary', { n: 3 });
    if (!id) throw new Error('not enqueued');
    expect(await settled('test.temporary', id)).toBe('failed');
  });

  it('polls for scheduled jobs and mailbox sessions every 10 s, and for the jobs a person waits for every 2 s', () => {
    const intervals = container.jobs.pollIntervals();
    expect(Object.keys(intervals).sort()).toEqual(Object.keys(catalogue).sort());
    for (const [name, definition] of Object.entries(jobCatalogue)) {
      const expected = definition.cron || name === 'inbox.read' ? 10 : 2;
      expect({ name, intervals: intervals[name] }).toEqual({
        name,
        intervals: Array(definition.concurrency ?? 1).fill(expected),
      });
    }
  });

  it('never polls for mailbox sessions less often than a session lasts', () => {
    const pollSeconds = jobCatalogue['inbox.read'].pollSeconds;
    const withSession = (sessionSeconds: number) =>
      ({ services: { inboxReader: { sessionSeconds } }, log: console }) as unknown as JobContext;
    expect(typeof pollSeconds === 'function' && pollSeconds(withSession(3))).toBe(3);
    expect(typeof pollSeconds === 'function' && pollSeconds(withSession(60))).toBe(10);
  });
});
