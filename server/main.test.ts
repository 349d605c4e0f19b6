import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runningServer } from './db/embedded-postgres';
import { validRegistration } from './test/app';
import { freePort } from './test/net';
import { healthy, startServer, stopAllServers, stopProcess, waitFor } from './test/server-process';

afterEach(stopAllServers);
const dataDirs: string[] = [];
const newDataDir = () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-main-'));
  dataDirs.push(dataDir);
  return dataDir;
};
afterAll(async () => {
  for (const dataDir of dataDirs) {
    // A server a failed test left running goes with its DATA_DIR.
    await (await runningServer(dataDir).catch(() => null))?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** What `npm start` runs once the builds are done: the server's bundle (scripts/build-server.mjs) with its flags. */
const startScript = 'scripts/start-server.sh';

describe('npm start (the bundle of server/main.ts) on the embedded database', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  });

  // Two starts on a fresh DATA_DIR (initdb of the embedded server's cluster and every migration from the
  // repository's folder), beside the other suites' processes.
  it('serves on the embedded database in DATA_DIR and keeps accounts across restarts', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port), ROLE: 'all' }, startScript);
    await waitFor(healthy(port), 'the server to listen', 90_000);
    const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validRegistration('restart@example.com')),
    });
    expect(registered.status).toBe(201);
    // Log lines leave in batches, within 100 ms (server/lib/logger.ts).
    await waitFor(() => first.output().includes('Job workers started'), 'the start to be logged');
    await stopProcess(first.child);
    expect(first.child.exitCode).toBe(0);

    startServer({ DATA_DIR: dataDir, PORT: String(port) }, startScript);
    await waitFor(healthy(port), 'the restarted server to listen', 60_000);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'restart@example.com', password: 'correct-horse' }),
    });
    expect(login.status).toBe(200);
  }, 240_000);

  it('refuses to start with a bad environment, listing what is wrong', async () => {
    const { child, output } = startServer({ DATA_DIR: newDataDir(), PORT: 'x' });
    await new Promise((resolve) => child.once('exit', resolve));
    expect(child.exitCode).toBe(1);
    expect(output()).toContain('Invalid environment:');
    expect(output()).toContain('- PORT: must be a port number from 1 to 65535');
  }, 60_000);
});

describe('scripts/start-server.sh (npm start)', () => {
  // With `echo` as the node it runs, the script prints the command it would exec.
  const command = (env: Record<string, string>) =>
    execFileSync('sh', [startScript], { env: { PATH: process.env.PATH, npm_node_execpath: 'echo', ...env } })
      .toString()
      .trim();

  it('gives the server a 16 MB young generation, on the embedded database and on a PostgreSQL server alike', () => {
    const expected = '--max-semi-space-size=16 --max-old-space-size=256 dist/server/main.mjs';
    expect(command({})).toBe(expected);
    expect(command({ DATABASE_URL: 'postgres://db.example/localreach' })).toBe(expected);
  });
});
