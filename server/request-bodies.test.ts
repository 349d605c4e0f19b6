import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validRegistration } from './test/app';
import { createTestDatabase, type TestDatabase } from './test/database';
import { freePort } from './test/net';
import { rawPost } from './test/raw-http';
import { healthy, startServer, stopAllServers, waitFor } from './test/server-process';

// The real server as `npm start` runs it (the bundle, a 256 MB heap), on a database of the run's PostgreSQL
// server; what is measured (the app's heap under hostile bodies) does not depend on the database.
let port: number;
let cookie: string;
let serverOutput: () => string;
let database: TestDatabase;
beforeAll(async () => {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  database = await createTestDatabase();
  port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-bodies-'));
  serverOutput = startServer(
    { DATA_DIR: dataDir, DATABASE_URL: database.connectionString, PORT: String(port), LOG_LEVEL: 'warn' },
    'scripts/start-server.sh',
  ).output;
  await waitFor(healthy(port), 'the server to listen', 60_000);
  const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validRegistration('bodies@example.com')),
  });
  cookie = /lr_session=([^;]+)/.exec(registered.headers.get('set-cookie') ?? '')?.[1] ?? '';
  expect(cookie).not.toBe('');
}, 120_000);
afterAll(async () => {
  await stopAllServers();
  await database?.dispose();
});

/** JSON of `{ <field>: [{}, {}, …] }` of about `megabytes`: each `{}` three characters, one heap object each. */
function emptyObjects(prefix: string, megabytes: number): Buffer {
  const count = Math.floor((megabytes * 1024 * 1024) / 3);
  return Buffer.from(`${prefix}[${'{},'.repeat(count - 1)}{}]}`);
}

/** Asks GET /api/health every 100 ms while `during` runs; the slowest answer, and whether any failed. */
async function healthWhile<T>(during: () => Promise<T>): Promise<{ result: T; slowestMs: number; failures: number }> {
  let running = true;
  let slowestMs = 0;
  let failures = 0;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5000) })
        .then((response) => response.ok)
        .catch(() => false);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      if (!ok) failures += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    const result = await during();
    return { result, slowestMs, failures };
  } finally {
    running = false;
    await probe;
  }
}

describe('request bodies from outside cannot stop the server', () => {
  it('refuses a signed-out upload before reading its body, however large', async () => {
    // Built before the clock starts: building them stalls this process, not the server.
    const body = emptyObjects('{"csvData":', 49);
    const template = emptyObjects('{"attachments":', 14.9);
    const { result, slowestMs, failures } = await healthWhile(async () => {
      // Only the first 64 KB of 49 MB are sent: the answer comes without the rest.
      const early = await rawPost(port, '/api/leads/upload-csv', body, { sendBytes: 64 * 1024, timeoutMs: 10_000 });
      const whole = await Promise.all([1, 2, 3].map(() => rawPost(port, '/api/templates', template)));
      return { early, whole };
    });
    expect(result.early.status).toBe(401);
    expect(result.early.bodyBytesSent).toBe(64 * 1024);
    expect(result.whole.map((answer) => answer.status)).toEqual([401, 401, 401]);
    expect(JSON.parse(result.whole[0].body)).toEqual({ message: 'Unauthorized' });
    expect(failures).toBe(0);
    expect(slowestMs).toBeLessThan(1000);
  }, 120_000);

  it('keeps answering while a signed-in user sends many large hostile bodies at once, and stays up', async () => {
    const template = emptyObjects('{"attachments":', 14.9);
    const chunk = emptyObjects('{"csvData":', 4.9);
    const whole = emptyObjects('{"csvData":', 49);
    const { result, slowestMs, failures } = await healthWhile(() =>
      Promise.all([
        ...[1, 2, 3].map(() => rawPost(port, '/api/templates', template, { cookie })),
        ...[1, 2, 3, 4, 5].map(() => rawPost(port, '/api/leads/upload-csv', chunk, { cookie })),
        rawPost(port, '/api/leads/upload-csv', whole, { cookie }),
      ]),
    );
    const overLimit = result.pop();
    for (const answer of result) {
      // Too large to parse (413), or no room now (503): never parsed, never a crash.
      expect([413, 503], `${answer.body}\n${serverOutput().slice(-2000)}`).toContain(answer.status);
      expect(Object.keys(JSON.parse(answer.body))).toEqual(['message']);
    }
    // Over the route's limit it is refused before it is read, and the connection closed with the rest unread; the
    // client's TCP stack may then drop the 413 that came first (a reset), as it would for any server.
    expect([413, 0], `${overLimit?.body}\n${serverOutput().slice(-2000)}`).toContain(overLimit?.status);
    expect(failures).toBe(0);
    expect(slowestMs).toBeLessThan(1000);
    // Still up, and real work still goes through: a real upload of 5,000 rows.
    const rows = Array.from({ length: 5000 }, (_, i) => ({ email: `row${i}@bodies.test`, company: `Company ${i}` }));
    const upload = await rawPost(port, '/api/leads/upload-csv', JSON.stringify({ csvData: rows }), { cookie });
    expect(upload.status).toBe(200);
    expect(JSON.parse(upload.body)).toMatchObject({ added: 5000 });
  }, 180_000);
});
