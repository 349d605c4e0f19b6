import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { clusterLocale, firstClosedFolder, postgresBinaries, type ServerUser, serverUser } from './embedded-binaries';
import { portFor } from './embedded-port';
import { settingsArguments } from './embedded-settings';
import { EmbeddedServerError, isAlive, underStartLock } from './embedded-start-lock';

/**
 * The embedded default: a real PostgreSQL server in DATA_DIR/postgres, started by the app from the binaries npm
 * installed, on 127.0.0.1 and a port of its own (decision 0062). The server outlives a killed app (it runs in its
 * own session, so a terminal's Ctrl+C reaches the app, which stops it after itself); the next start finds it by
 * its postmaster.pid and uses it again. A second app process on the same DATA_DIR connects to the same server.
 */

export const EMBEDDED_USER = 'localreach';
export const EMBEDDED_DATABASE = 'localreach';

export const clusterDirOf = (dataDir: string) => path.join(dataDir, 'postgres');
const passwordFileOf = (dataDir: string) => path.join(dataDir, 'postgres-password');
const portFileOf = (dataDir: string) => path.join(dataDir, 'postgres-port');
export const serverLogOf = (dataDir: string) => path.join(dataDir, 'postgres.log');

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 60_000;
const OLD_BACKENDS_GRACE_MS = 5_000;

export { EmbeddedServerError } from './embedded-start-lock';

export type EmbeddedServer = {
  /** postgres://… of the app's database on this server, with no application name yet. */
  connectionString: string;
  pid: number;
  /** True when this process started the server; false when it found it running. */
  startedHere: boolean;
  /** Fast shutdown of the server (SIGINT): sessions are ended, everything committed stays. */
  stop(): Promise<void>;
};

/** Starts the embedded server in DATA_DIR (initialising it the first time), or finds the one running there. */
export async function openEmbeddedServer(
  dataDir: string,
  options: {
    log?: (line: string) => void;
    /** The port it must listen on: a start under pools that connect there (embedded-keeper.ts). */
    port?: number;
  } = {},
): Promise<EmbeddedServer> {
  const log = options.log ?? (() => {});
  return underStartLock(dataDir, async () => {
    const running = await runningServer(dataDir);
    if (running) return running;
    const user = serverUser();
    prepareDataDirFor(dataDir, user);
    if (!existsSync(path.join(clusterDirOf(dataDir), 'PG_VERSION'))) {
      log('Creating the embedded PostgreSQL database (first start)…');
      await initialiseCluster(dataDir, user);
    }
    const server = await startServer(dataDir, user, options.port);
    await ensureAppDatabase(server.connectionString);
    return server;
  });
}

/** The server running in DATA_DIR now, when there is one that answers (backups and a second process use it). */
export async function runningServer(dataDir: string): Promise<EmbeddedServer | null> {
  const found = readPostmasterPid(dataDir);
  if (!found || !isAlive(found.pid)) return null;
  const connectionString = connectionStringOf(dataDir, found.port);
  // A server still starting or recovering from a crash answers within the wait; one shutting down goes away.
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!isAlive(found.pid)) return null;
    if (await answers(connectionString, 'postgres')) {
      return { connectionString, pid: found.pid, startedHere: false, stop: () => stopServer(found.pid) };
    }
    await sleep(100);
  }
  throw new EmbeddedServerError(
    `The embedded database in ${clusterDirOf(dataDir)} is running (process ${found.pid}) but does not answer. ` +
      `Its log is ${serverLogOf(dataDir)}.`,
  );
}

/** Whether the app's database on this server takes a connection with the app's password. */
async function answers(connectionString: string, database: string): Promise<boolean> {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function connectionStringOf(dataDir: string, port: number): string {
  const password = readFileSync(passwordFileOf(dataDir), 'utf8').trim();
  return `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
}

/** postmaster.pid: line 1 the postmaster's pid, line 4 its port (PostgreSQL's own lock file). */
function readPostmasterPid(dataDir: string): { pid: number; port: number } | null {
  try {
    const lines = readFileSync(path.join(clusterDirOf(dataDir), 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return Number.isInteger(pid) && pid > 0 && Number.isInteger(port) && port > 0 ? { pid, port } : null;
  } catch {
    return null;
  }
}

/**
 * DATA_DIR stays its owner's only (decision 0057). A root app's server runs as another user, which must pass
 * through DATA_DIR to its cluster: DATA_DIR's group becomes that user's and the group may enter, not list (0710).
 */
function prepareDataDirFor(dataDir: string, user: ServerUser) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (!user) return;
  refuseUnreachableDataDir(dataDir, user);
  const stats = statSync(dataDir);
  if (stats.gid !== user.gid) chownSync(dataDir, stats.uid, user.gid);
  if ((stats.mode & 0o777) !== 0o710) chmodSync(dataDir, 0o710);
}

/** The server user must pass through every folder above DATA_DIR (root's home, a mkdtemp folder are 0700). */
function refuseUnreachableDataDir(dataDir: string, user: NonNullable<ServerUser>) {
  const closed = firstClosedFolder(path.dirname(dataDir), user);
  if (!closed) return;
  throw new EmbeddedServerError(
    `LocalReach runs as root, so its PostgreSQL server runs as the system user "${user.name}", which cannot reach DATA_DIR ${dataDir}: ` +
      `the folder ${closed.path} is closed to other users (mode 0${closed.mode.toString(8)}). ` +
      `Choose a DATA_DIR outside it (for example /var/lib/localreach), or let other users pass through it with: chmod o+x ${closed.path}`,
  );
}

/** initdb into DATA_DIR/postgres.partial, renamed when complete: a start that dies half way leaves no cluster. */
async function initialiseCluster(dataDir: string, user: ServerUser) {
  const { initdb } = postgresBinaries(user);
  const cluster = clusterDirOf(dataDir);
  const partial = `${cluster}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { mode: 0o700 });
  if (!existsSync(passwordFileOf(dataDir))) {
    writeFileSync(passwordFileOf(dataDir), `${randomBytes(24).toString('hex')}\n`, { mode: 0o600 });
  }
  // initdb reads the password from a file the server user can read; it is gone again before the server starts.
  const passwordForInitdb = path.join(partial, 'initdb-password');
  writeFileSync(passwordForInitdb, readFileSync(passwordFileOf(dataDir)), { mode: 0o600 });
  if (user) {
    chownSync(partial, user.uid, user.gid);
    chownSync(passwordForInitdb, user.uid, user.gid);
  }
  const initdbDir = path.join(partial, 'data');
  try {
    await promisify(execFile)(
      initdb,
      [
        `--pgdata=${initdbDir}`,
        `--username=${EMBEDDED_USER}`,
        `--pwfile=${passwordForInitdb}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        `--locale=${clusterLocale()}`,
      ],
      { ...(user && { uid: user.uid, gid: user.gid }), env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    const output = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new EmbeddedServerError(`The embedded database could not be created in ${cluster}: ${output}`);
  }
  // Only the app's user, only over loopback, only with the password.
  const hba = path.join(initdbDir, 'pg_hba.conf');
  writeFileSync(
    hba,
    `# LocalReach: loopback only, with the password in DATA_DIR/postgres-password\nhost all ${EMBEDDED_USER} 127.0.0.1/32 scram-sha-256\n`,
  );
  if (user) chownSync(hba, user.uid, user.gid);
  renameSync(initdbDir, cluster);
  rmSync(partial, { recursive: true, force: true });
}

async function startServer(dataDir: string, user: ServerUser, requiredPort?: number): Promise<EmbeddedServer> {
  const { postgres } = postgresBinaries(user);
  const cluster = clusterDirOf(dataDir);
  const oldBackendsGrace = Date.now() + OLD_BACKENDS_GRACE_MS;
  for (let attempt = 1; ; attempt++) {
    const port = requiredPort ?? (await portFor(portFileOf(dataDir)));
    const logFd = openSync(serverLogOf(dataDir), 'a', 0o600);
    const startedAt = statSync(serverLogOf(dataDir)).size;
    const child = spawn(postgres, ['-D', cluster, ...settingsArguments(port)], {
      detached: true,
      stdio: ['ignore', logFd, logFd],
      ...(user && { uid: user.uid, gid: user.gid }),
      env: { ...process.env, LC_ALL: 'C' },
    });
    closeSync(logFd);
    let exited = false;
    child.on('exit', () => {
      exited = true;
    });
    child.on('error', () => {
      exited = true;
    });
    child.unref();
    const connectionString = connectionStringOf(dataDir, port);
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!exited && Date.now() < deadline) {
      if (await answers(connectionString, 'postgres')) {
        writeFileSync(portFileOf(dataDir), `${port}\n`, { mode: 0o600 });
        const pid = child.pid as number;
        return { connectionString, pid, startedHere: true, stop: () => stopServer(pid) };
      }
      await sleep(50);
    }
    const said = logSince(dataDir, startedAt);
    if (!exited) {
      child.kill('SIGQUIT');
      throw new EmbeddedServerError(`The embedded database did not start within a minute. ${said}`);
    }
    // Another program took the port between our check and the server's bind: try another one, unless the app's
    // pools connect to this one (a start again under a running app, which tries again later).
    if (/could not bind|Address already in use/i.test(said)) {
      if (requiredPort) {
        throw new EmbeddedServerError(`The embedded database's port ${port} on 127.0.0.1 is taken by another program.`);
      }
      if (attempt < 3) continue;
    }
    // Backends of a postmaster that was killed finish their statement before they notice, and PostgreSQL does not
    // start beside them: a few seconds for them to end, then they are ended (what they did not commit was never
    // acknowledged; what they did is in the WAL).
    if (/pre-existing shared memory block/.test(said)) {
      if (Date.now() > oldBackendsGrace + READY_TIMEOUT_MS) {
        throw new EmbeddedServerError(
          `Processes of an earlier embedded database still use ${cluster} (their names start with "postgres:"). Stop them, then start LocalReach again.`,
        );
      }
      if (Date.now() > oldBackendsGrace) endOldBackends(cluster);
      await sleep(200);
      continue;
    }
    // A server of ours that another process started meanwhile holds the cluster.
    const other = await runningServer(dataDir);
    if (other) return other;
    // A postmaster killed a moment ago stays a zombie until its parent collects it, and PostgreSQL takes the lock
    // file's process for a live server until then: it is gone a moment later.
    if (/lock file "postmaster\.pid" already exists/.test(said) && Date.now() < oldBackendsGrace) {
      await sleep(200);
      continue;
    }
    throw new EmbeddedServerError(`The embedded database did not start: ${said || 'it stopped at once.'}`);
  }
}

function logSince(dataDir: string, offset: number): string {
  try {
    const text = readFileSync(serverLogOf(dataDir)).subarray(offset).toString('utf8').trim();
    const lines = text.split('\n').filter((line) => /FATAL|ERROR|PANIC|could not/.test(line));
    return (lines.length > 0 ? lines : text.split('\n')).slice(-3).join(' ');
  } catch {
    return '';
  }
}

async function ensureAppDatabase(connectionString: string) {
  const url = new URL(connectionString);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } finally {
    await client.end();
  }
}

/** Fast shutdown: SIGINT, then SIGQUIT (immediate, recovered at the next start) if it has not ended in a minute. */
async function stopServer(pid: number) {
  if (!isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT');
      await sleep(1_000);
      return;
    }
    await sleep(25);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ends the processes still working in the cluster's directory, where PostgreSQL's processes run (Linux's /proc). */
function endOldBackends(cluster: string) {
  if (!existsSync('/proc/self/cwd')) return;
  const directory = realpathSync(cluster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === directory) process.kill(Number(entry), 'SIGKILL');
    } catch {
      // Gone meanwhile, or not ours.
    }
  }
}
