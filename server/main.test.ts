import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from './db/client';
import { validRegistration } from './test/app';
import { createTestDatabase } from './test/database';
import { freePort } from './test/net';

// These start the real entry point (server/main.ts) as `npm start` does, in child processes.
const running: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map(stopProcess));
});

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  running.push(child);
  return { child, output: () => output };
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const healthy = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// The embedded-database runs belong to the PGlite project; the PostgreSQL project runs the split roles.
describe.skipIf(onPostgres)('npm start (server/main.ts) on the embedded database', () => {
  it('serves on the embedded database in DATA_DIR and keeps accounts across restarts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-main-'));
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port), ROLE: 'all' });
    await waitFor(healthy(port), 'the server to listen');
    const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validRegistration('restart@example.com')),
    });
    expect(registered.status).toBe(201);
    expect(first.output()).toContain('Job workers started');
    await stopProcess(first.child);
    expect(first.child.exitCode).toBe(0);

    startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitFor(healthy(port), 'the restarted server to listen');
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'restart@example.com', password: 'correct-horse' }),
    });
    expect(login.status).toBe(200);
  });

  it('refuses to start with a bad environment, listing what is wrong', async () => {
    const { child, output } = startServer({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lr-main-')), PORT: 'x' });
    await new Promise((resolve) => child.once('exit', resolve));
    expect(child.exitCode).toBe(1);
    expect(output()).toContain('Invalid environment:');
    expect(output()).toContain('- PORT: must be a port number from 1 to 65535');
  });
});

describe.skipIf(!onPostgres)('ROLE=web and ROLE=worker', () => {
  it('runs web and worker as separate processes on one PostgreSQL database', async () => {
    const database = await createTestDatabase();
    try {
      const env = { DATABASE_URL: database.kind === 'postgres' ? database.connectionString : '' };
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-main-'));
      const web = startServer({ ...env, ROLE: 'web', PORT: String(port), DATA_DIR: dataDir });
      const worker = startServer({ ...env, ROLE: 'worker', DATA_DIR: dataDir });
      await waitFor(healthy(port), 'the web process to listen');
      await waitFor(() => worker.output().includes('Job workers started'), 'the worker process to start');
      expect(web.output()).not.toContain('Job workers started');
      const schedules = await queryRows<{ name: string }>(database.db, sql`SELECT name FROM pgboss.schedule`);
      expect(schedules.map((row) => row.name)).toContain('sessions.expire');
    } finally {
      await Promise.all(running.splice(0).map(stopProcess));
      await database.dispose();
    }
  });
});
