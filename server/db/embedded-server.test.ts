import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { validRegistration } from '../test/app';
import { isRunning } from '../test/cluster-processes';
import { freePort } from '../test/net';
import { healthy, startServer, stopAllServers, stopProcess, waitFor } from '../test/server-process';
import { clusterDirOf, type EmbeddedServer, openEmbeddedServer, runningServer } from './embedded-postgres';

const dataDirs: string[] = [];
function newDataDir() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-embedded-'));
  dataDirs.push(dataDir);
  return dataDir;
}

afterEach(stopAllServers);
afterAll(async () => {
  // No server outlives the file, whatever a test left running.
  for (const dataDir of dataDirs) {
    const server = await runningServer(dataDir).catch(() => null);
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

async function query<T extends pg.QueryResultRow>(server: EmbeddedServer, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: server.connectionString });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Whether the process runs: a postmaster that ended is a zombie until whoever adopted it collects it. */
const isAlive = (pid: number) => isRunning(pid);
const postmasterPid = (dataDir: string) =>
  Number(readFileSync(path.join(clusterDirOf(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0]);

const postJsonTo = (port: number, route: string, body: unknown) =>
  fetch(`http://127.0.0.1:${port}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => new Response(null, { status: 599 }));
const register = (port: number, email: string) => postJsonTo(port, '/api/auth/register', validRegistration(email));
const signIn = (port: number, email: string) =>
  postJsonTo(port, '/api/auth/login', { email, password: validRegistration(email).password });

describe('the embedded PostgreSQL server in DATA_DIR', () => {
  it('is created at the first start: PostgreSQL 18 in DATA_DIR/postgres, on 127.0.0.1 only, with a password', async () => {
    const dataDir = newDataDir();
    const server = await openEmbeddedServer(dataDir);
    expect(server.startedHere).toBe(true);
    expect(readFileSync(path.join(clusterDirOf(dataDir), 'PG_VERSION'), 'utf8').trim()).toBe('18');
    // The process list names it postgres.
    expect(readFileSync(`/proc/${server.pid}/comm`, 'utf8').trim()).toBe('postgres');
    const [settings] = await query<Record<string, string>>(
      server,
      `SELECT current_setting('listen_addresses') AS listen, current_setting('unix_socket_directories') AS sockets,
              current_setting('synchronous_commit') AS sync, current_setting('autovacuum') AS autovacuum,
              current_setting('fsync') AS fsync, current_database() AS database,
              lower('MÜLLER') AS lowered`,
    );
    expect(settings).toEqual({
      listen: '127.0.0.1',
      sockets: '',
      sync: 'on',
      autovacuum: 'on',
      fsync: 'on',
      database: 'localreach',
      // C.UTF-8, as PGlite's databases had: search folds the case of letters beyond ASCII.
      lowered: 'müller',
    });
    expect(statSync(path.join(dataDir, 'postgres-password')).mode & 0o777).toBe(0o600);
    expect(statSync(clusterDirOf(dataDir)).mode & 0o077).toBe(0);
    // Without the password nobody gets in.
    const url = new URL(server.connectionString);
    url.password = 'wrong';
    const stranger = new pg.Client({ connectionString: url.toString() });
    await expect(stranger.connect()).rejects.toThrow(/password authentication failed/);
    await server.stop();
    expect(isAlive(server.pid)).toBe(false);
  });

  it('run by root, says plainly when its server user cannot reach DATA_DIR through a closed folder', async () => {
    const closed = newDataDir(); // mkdtemp: 0700
    const dataDir = path.join(closed, 'data');
    if (process.getuid?.() !== 0) {
      // The server runs as the app's own user, who owns the folder.
      await (await openEmbeddedServer(dataDir)).stop();
      return;
    }
    await expect(openEmbeddedServer(dataDir)).rejects.toThrow(
      `LocalReach runs as root, so its PostgreSQL server runs as the system user "postgres", which cannot reach DATA_DIR ${dataDir}: the folder ${closed} is closed to other users (mode 0700). Choose a DATA_DIR outside it (for example /var/lib/localreach), or let other users pass through it with: chmod o+x ${closed}`,
    );
    chmodSync(closed, 0o711);
    await (await openEmbeddedServer(dataDir)).stop();
  });

  it('is found and used again while it runs, and started once however many processes ask at the same time', async () => {
    const dataDir = newDataDir();
    const [a, b, c] = await Promise.all([
      openEmbeddedServer(dataDir),
      openEmbeddedServer(dataDir),
      openEmbeddedServer(dataDir),
    ]);
    expect(new Set([a.pid, b.pid, c.pid]).size).toBe(1);
    expect([a, b, c].filter((server) => server.startedHere)).toHaveLength(1);
    const again = await openEmbeddedServer(dataDir);
    expect(again).toMatchObject({ pid: a.pid, startedHere: false });
    await again.stop();
  });

  it('keeps what was committed across a stop, and across its postmaster being killed', async () => {
    const dataDir = newDataDir();
    const first = await openEmbeddedServer(dataDir);
    await query(first, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (1)');
    await first.stop();
    const second = await openEmbeddedServer(dataDir);
    expect(second.startedHere).toBe(true);
    await query(second, 'INSERT INTO kept VALUES (2)');
    process.kill(second.pid, 'SIGKILL');
    await waitFor(() => !isAlive(second.pid), 'the postmaster to die');
    // Its backends end as they notice; the next start recovers from the WAL.
    const third = await openEmbeddedServer(dataDir);
    expect(third.pid).not.toBe(second.pid);
    expect(await query(third, 'SELECT n FROM kept ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }]);
    await third.stop();
  });
});

describe('LocalReach processes on one DATA_DIR', () => {
  const start = (dataDir: string, port: number, env: Record<string, string> = {}) =>
    startServer({ DATA_DIR: dataDir, PORT: String(port), ...env });

  /** A web and a worker process on one DATA_DIR, once the web one listens and the worker runs its jobs. */
  const startWebAndWorker = async (dataDir: string) => {
    const port = await freePort();
    const web = start(dataDir, port, { ROLE: 'web' });
    const worker = start(dataDir, await freePort(), { ROLE: 'worker' });
    await waitFor(healthy(port), 'the web process to listen', 60_000);
    await waitFor(() => web.output().includes('LocalReach is running'), 'the web process to finish starting', 60_000);
    await waitFor(() => worker.output().includes('Job workers started'), 'the worker to start', 60_000);
    return { port, web, worker };
  };

  it('refuses a second npm start, saying which process runs; stops the server after the app on SIGTERM', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const first = start(dataDir, port);
    await waitFor(healthy(port), 'the app to listen', 60_000);
    const server = postmasterPid(dataDir);
    // The app started the server as its child.
    expect(readFileSync(`/proc/${server}/stat`, 'utf8').split(') ')[1].split(' ')[1]).toBe(String(first.child.pid));

    const second = start(dataDir, await freePort());
    const code = await new Promise((resolve) => second.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(second.output()).toContain(
      `LocalReach cannot start: LocalReach is already running on DATA_DIR ${dataDir} (process ${first.child.pid}).`,
    );
    expect(await healthy(port)()).toBe(true);

    await stopProcess(first.child);
    expect(first.child.exitCode).toBe(0);
    expect(isAlive(server)).toBe(false);
  }, 120_000);

  it('uses again the server a killed app left running, never a second one', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const first = start(dataDir, port);
    await waitFor(healthy(port), 'the app to listen', 60_000);
    const server = postmasterPid(dataDir);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(isAlive(server)).toBe(true);

    const restarted = start(dataDir, port);
    await waitFor(healthy(port), 'the restarted app to listen', 60_000);
    expect(postmasterPid(dataDir)).toBe(server);
    expect(restarted.output()).not.toContain('already running');
    await stopProcess(restarted.child);
    expect(isAlive(server)).toBe(false);
  }, 120_000);

  it('starts its server again when the postmaster is killed under it, on the same port, with every commit kept', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const app = start(dataDir, port);
    await waitFor(healthy(port), 'the app to listen', 60_000);
    expect((await register(port, 'before@example.com')).status).toBe(201);
    const killed = postmasterPid(dataDir);
    const serverPort = readFileSync(path.join(dataDir, 'postgres-port'), 'utf8');
    process.kill(killed, 'SIGKILL');

    // The same app, never restarted, takes accounts again once its server is back.
    await waitFor(
      async () => (await register(port, 'after@example.com')).status === 201,
      'the app to write again',
      60_000,
    );
    const again = postmasterPid(dataDir);
    expect(again).not.toBe(killed);
    expect(isAlive(again)).toBe(true);
    expect(readFileSync(path.join(dataDir, 'postgres-port'), 'utf8')).toBe(serverPort);
    expect((await signIn(port, 'before@example.com')).status).toBe(200);
    expect(app.output()).toContain('The embedded database stopped while LocalReach was running; starting it again');
    // Said once its session is taken again, which may come just after the pool's first new connection.
    await waitFor(
      () => app.output().includes(`The embedded database is running again (process ${again}).`),
      'the app to say its server is back',
    );

    await stopProcess(app.child);
    expect(app.child.exitCode).toBe(0);
    expect(isAlive(again)).toBe(false);
  }, 120_000);

  it('web and worker processes whose server was killed under them start it once and both go on', async () => {
    const dataDir = newDataDir();
    const { port, web, worker } = await startWebAndWorker(dataDir);
    process.kill(postmasterPid(dataDir), 'SIGKILL');

    const runningAgain = /The embedded database is running again \(process (\d+)\)/;
    await waitFor(
      () => runningAgain.test(web.output()) && runningAgain.test(worker.output()),
      'both processes to have their server back',
      120_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\nweb:\n${web.output()}\nworker:\n${worker.output()}`);
    });
    const again = postmasterPid(dataDir);
    expect(runningAgain.exec(web.output())?.[1]).toBe(String(again));
    expect(runningAgain.exec(worker.output())?.[1]).toBe(String(again));
    await waitFor(
      async () => (await register(port, 'after@example.com')).status === 201,
      'the web process to write again',
      30_000,
    );

    await stopProcess(web.child);
    expect(isAlive(again)).toBe(true);
    await stopProcess(worker.child);
    expect(isAlive(again)).toBe(false);
  }, 240_000);

  it('shares the server between a web and a worker process; the last one to stop stops it', async () => {
    const dataDir = newDataDir();
    const { port, web, worker } = await startWebAndWorker(dataDir);
    const server = postmasterPid(dataDir);

    // The web process enqueues, the worker runs: an account registered on one is there for the other.
    const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validRegistration('shared@example.com')),
    });
    expect(registered.status).toBe(201);

    await stopProcess(web.child);
    expect(isAlive(server)).toBe(true);
    await stopProcess(worker.child);
    expect(worker.child.exitCode).toBe(0);
    expect(isAlive(server)).toBe(false);
  }, 120_000);
});
