import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validRegistration } from './test/app';
import { freePort } from './test/net';
import { healthy, startServer, stopAllServers, stopProcess, waitFor } from './test/server-process';

afterEach(stopAllServers);

/** What `npm start` runs once the builds are done: the server's bundle (scripts/build-server.mjs) with its flags. */
const startScript = 'scripts/start-server.sh';

describe('npm start (the bundle of server/main.ts) on the embedded database', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  });

  // Two starts on a fresh DATA_DIR (initdb and every migration from the repository's folder, the database on its
  // thread from the bundle's second file), beside the other suites' processes.
  it('serves on the embedded database in DATA_DIR and keeps accounts across restarts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-main-'));
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port), ROLE: 'all' }, startScript);
    await waitFor(healthy(port), 'the server to listen');
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
    await waitFor(healthy(port), 'the restarted server to listen');
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'restart@example.com', password: 'correct-horse' }),
    });
    expect(login.status).toBe(200);
  }, 120_000);

  it('refuses to start with a bad environment, listing what is wrong', async () => {
    const { child, output } = startServer({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lr-main-')), PORT: 'x' });
    await new Promise((resolve) => child.once('exit', resolve));
    expect(child.exitCode).toBe(1);
    expect(output()).toContain('Invalid environment:');
    expect(output()).toContain('- PORT: must be a port number from 1 to 65535');
  });
});

describe('scripts/start-server.sh (npm start)', () => {
  // With `echo` as the node it runs, the script prints the command it would exec.
  const command = (env: Record<string, string>) =>
    execFileSync('sh', [startScript], { env: { PATH: process.env.PATH, npm_node_execpath: 'echo', ...env } })
      .toString()
      .trim();

  it('gives the embedded database a 4 MB young generation and a PostgreSQL server a 16 MB one', () => {
    expect(command({})).toBe('--max-semi-space-size=4 --max-old-space-size=256 dist/server/main.mjs');
    expect(command({ DATABASE_URL: 'postgres://db.example/localreach' })).toBe(
      '--max-semi-space-size=16 --max-old-space-size=256 dist/server/main.mjs',
    );
  });
});
