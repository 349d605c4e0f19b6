import { chmodSync, closeSync, mkdirSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';

/**
 * One process at a time opens the embedded database in DATA_DIR (decision 0039). The process that holds it listens
 * on DATA_DIR/control/socket: the socket is the claim, and the way other processes (`npm run backup`) talk to the
 * holder. A claim dies with its process: a socket nobody listens on any more refuses connections and is taken over.
 * The folder is the owner's only (0700), so only the holder's own user can connect.
 */

/** Who holds DATA_DIR, as the holder answers. */
export type DataDirHolder = { pid: number; purpose: string };

export type ControlRequest = { op: 'who' } | { op: 'snapshot'; into: string };
export type ControlAnswer =
  | { ok: true; holder: DataDirHolder; ms?: number }
  /** `busy`: the holder has no database to copy now (a restore, a backup, an app starting), not a failed copy. */
  | { ok: false; message: string; busy?: true };

export type DataDirClaim = {
  /** From now on, backups asking the holder get a copy of the database's files made by `snapshot`. */
  answerSnapshots(snapshot: (into: string) => Promise<void>): void;
  release(): Promise<void>;
};

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder,
  ) {
    super(`DATA_DIR ${dataDir} is in use by ${holder.purpose} (process ${holder.pid}).`);
  }
}

/** The longest socket path every platform takes (sockaddr_un: 108 bytes on Linux, 104 on macOS, with the NUL). */
const MAX_SOCKET_PATH_BYTES = 103;
/** A takeover lock older than this was left by a process that died while taking over (it takes milliseconds). */
const STALE_TAKEOVER_MS = 10_000;
const WHO_TIMEOUT_MS = 10_000;

export function controlSocketPath(dataDir: string): string {
  const socket = path.join(dataDir, 'control', 'socket');
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(
      `DATA_DIR ${dataDir} is too long a path for its control socket (${socket}, at most ${MAX_SOCKET_PATH_BYTES} bytes): choose a shorter DATA_DIR.`,
    );
  }
  return socket;
}

/** Claims DATA_DIR for this process, or throws DataDirInUseError naming the live holder. */
export async function claimDataDir(dataDir: string, options: { purpose: string }): Promise<DataDirClaim> {
  const socketPath = controlSocketPath(dataDir);
  const controlDir = path.dirname(socketPath);
  mkdirSync(controlDir, { recursive: true, mode: 0o700 });
  chmodSync(controlDir, 0o700);
  const holder: DataDirHolder = { pid: process.pid, purpose: options.purpose };
  let snapshot: ((into: string) => Promise<void>) | undefined;

  const server = await underTakeoverLock(controlDir, async () => {
    const live = await askDataDirHolder(dataDir, { op: 'who' });
    if (live?.ok) throw new DataDirInUseError(dataDir, live.holder);
    // Nobody answers: whatever socket is left belongs to a process that died.
    rmSync(socketPath, { force: true });
    const listening = await listen(socketPath, (request) => answer(request, holder, dataDir, snapshot));
    // A socket takes its mode from the umask, and a test or bench opening the database has the user's: DATA_DIR
    // stays the owner's only (decision 0057).
    chmodSync(socketPath, 0o600);
    return listening;
  });
  // The claim never keeps a process alive by itself; it lasts as long as the process does, or until released.
  server.unref();
  let released = false;
  return {
    answerSnapshots(copy) {
      snapshot = copy;
    },
    async release() {
      if (released) return;
      released = true;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Sends one request to the process that holds DATA_DIR and answers its reply, or null when no process holds it
 * (no socket, or a socket left by a process that died).
 */
export function askDataDirHolder(dataDir: string, request: ControlRequest): Promise<ControlAnswer | null> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    // A copy takes as long as the database is large; a holder that cannot say who it is within seconds is stuck.
    if (request.op === 'who') {
      socket.setTimeout(WHO_TIMEOUT_MS, () => {
        socket.destroy();
        reject(new Error(`The process holding DATA_DIR ${dataDir} does not answer (${socketPath}).`));
      });
    }
    let reply = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => {
      reply += chunk;
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(reply) as ControlAnswer);
      } catch {
        reject(new Error(`The process holding DATA_DIR ${dataDir} gave no answer (${socketPath}).`));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(new Error(`Cannot reach the process holding DATA_DIR ${dataDir} (${socketPath}): ${error.message}`));
    });
  });
}

async function answer(
  request: ControlRequest,
  holder: DataDirHolder,
  dataDir: string,
  snapshot: ((into: string) => Promise<void>) | undefined,
): Promise<ControlAnswer> {
  if (request.op === 'who') return { ok: true, holder };
  if (request.op === 'snapshot' && snapshot) {
    if (typeof request.into !== 'string' || !path.isAbsolute(request.into)) {
      return { ok: false, message: 'A snapshot needs an absolute path to copy into.' };
    }
    const started = performance.now();
    await snapshot(request.into);
    return { ok: true, holder, ms: Math.round(performance.now() - started) };
  }
  return {
    ok: false,
    busy: true,
    message: `${new DataDirInUseError(dataDir, holder).message} It cannot take a backup now.`,
  };
}

/** A newline-terminated JSON request per connection, answered with one JSON line. */
function listen(socketPath: string, handle: (request: ControlRequest) => Promise<ControlAnswer>): Promise<Server> {
  const server = createServer((socket: Socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', async (chunk: string) => {
      received += chunk;
      const end = received.indexOf('\n');
      if (end < 0) return;
      socket.removeAllListeners('data');
      let reply: ControlAnswer;
      try {
        reply = await handle(JSON.parse(received.slice(0, end)) as ControlRequest);
      } catch (error) {
        reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
      socket.end(`${JSON.stringify(reply)}\n`);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * Runs `work` while holding control/takeover.lock (created exclusively), so that two processes finding the same
 * dead socket cannot both take it over. A lock left by a process that died mid-takeover is stale after 10 s.
 */
async function underTakeoverLock<T>(controlDir: string, work: () => Promise<T>): Promise<T> {
  const lockPath = path.join(controlDir, 'takeover.lock');
  const deadline = Date.now() + 3 * STALE_TAKEOVER_MS;
  for (;;) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (lockAgeMs(lockPath) > STALE_TAKEOVER_MS) rmSync(lockPath, { force: true });
      else if (Date.now() > deadline) throw new Error(`${lockPath} has been held for too long; remove it.`);
      else await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 30));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockPath, { force: true });
  }
}

function lockAgeMs(lockPath: string): number {
  try {
    return Date.now() - statSync(lockPath).mtimeMs;
  } catch {
    return 0;
  }
}
