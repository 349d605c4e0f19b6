import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from './db/client';
import { createTestDatabase } from './test/database';
import { freePort } from './test/net';
import { healthy, startServer, stopAllServers, waitFor } from './test/server-process';

// Split roles on a server at DATABASE_URL (the run's, and TEST_DATABASE_URL's in the postgres project): the
// processes share only that database. On the embedded server they share through DATA_DIR (db/embedded-server.test.ts).
afterEach(stopAllServers);

describe('ROLE=web and ROLE=worker', () => {
  // Two processes start from the sources (tsx) at once: on a busy 2-core machine that alone may take a minute.
  it('start together on an empty PostgreSQL database, which they migrate once', { timeout: 180_000 }, async () => {
    const database = await createTestDatabase({ migrated: false });
    try {
      const env = { DATABASE_URL: database.connectionString };
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-main-'));
      const web = startServer({ ...env, ROLE: 'web', PORT: String(port), DATA_DIR: dataDir });
      const worker = startServer({ ...env, ROLE: 'worker', DATA_DIR: dataDir });
      await waitFor(healthy(port), 'the web process to listen', 90_000);
      await waitFor(() => worker.output().includes('Job workers started'), 'the worker process to start', 90_000);
      expect(web.output()).not.toContain('Job workers started');
      const schedules = await queryRows<{ name: string }>(database.db, sql`SELECT name FROM pgboss.schedule`);
      expect(schedules.map((row) => row.name)).toContain('sessions.expire');
      const [{ count }] = await queryRows<{ count: number }>(
        database.db,
        sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
      );
      expect(count).toBeGreaterThan(0);
    } finally {
      await stopAllServers();
      await database.dispose();
    }
  });

  it('runs a job that a service enqueued in the web process in the worker process', { timeout: 180_000 }, async () => {
    const database = await createTestDatabase();
    try {
      const env = { DATABASE_URL: database.connectionString };
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-main-'));
      const entry = 'server/test/probe-job-entry.ts';
      const web = startServer({ ...env, ROLE: 'web', PORT: String(port), DATA_DIR: dataDir }, entry);
      const worker = startServer({ ...env, ROLE: 'worker', DATA_DIR: dataDir }, entry);
      await waitFor(healthy(port), 'the web process to listen', 90_000);
      await waitFor(() => worker.output().includes('Job workers started'), 'the worker process to start', 90_000);
      const response = await fetch(`http://127.0.0.1:${port}/api/test/probe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: 'probe-42' }),
      });
      const { jobId, pid: webPid } = (await response.json()) as { jobId: string; pid: number };
      expect(jobId).toBeTruthy();
      const finished = async () => {
        const [job] = await queryRows<{ state: string; output: { token: string; pid: number } }>(
          database.db,
          sql`SELECT state, output FROM pgboss.job WHERE id = ${jobId}`,
        );
        return job?.state === 'completed' ? job : null;
      };
      await waitFor(async () => (await finished()) !== null, 'the worker to run the job');
      const job = await finished();
      expect(job?.output.token).toBe('probe-42');
      expect(job?.output.pid).toBe(worker.child.pid);
      expect(job?.output.pid).not.toBe(webPid);
      await waitFor(() => worker.output().includes('probe job ran with probe-42'), 'the job to be logged');
      expect(web.output()).not.toContain('probe job ran');
    } finally {
      await stopAllServers();
      await database.dispose();
    }
  });
});
