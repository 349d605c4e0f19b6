import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { BackupTask, BackupTaskResult } from './pglite-backup-tasks';
import type { ThreadError, ThreadRequest, ThreadResponse } from './pglite-thread-protocol';

/** What the app, Drizzle and pg-boss call on the embedded database: PGlite's own calls, answered by its thread. */
export type PGliteClient = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
};

export type PGliteThread = PGliteClient & {
  transaction<T>(run: (tx: PGliteClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** A copy of the data files at one moment, or pg_dump of the database (pglite-backup-tasks.ts). */
  backup(task: BackupTask): Promise<BackupTaskResult>;
};

/**
 * The database thread's young generation (V8's semi-space, in MB). Its garbage is short-lived (protocol messages,
 * rows on their way): with the process's setting it held 31 MB it did not need.
 */
const THREAD_SEMI_SPACE_MB = 2;
/** The semi-space node was started with (`--max-semi-space-size=N`), or 0: V8's own choice. */
const processSemiSpaceMb = () =>
  Number(process.execArgv.find((arg) => arg.startsWith('--max-semi-space-size='))?.split('=')[1] ?? 0);

type Pending = { resolve(result: unknown): void; reject(error: Error): void };
type Request = ThreadRequest extends infer R ? (R extends ThreadRequest ? Omit<R, 'id'> : never) : never;

/**
 * The embedded database on a worker thread of its own (pglite-thread-worker.ts), in memory when `dataDir` is null.
 * PGlite is PostgreSQL compiled to WebAssembly: run on the server's thread, every query stopped the event loop,
 * and with it the mails and HTTP requests in flight (the campaign engine spent half its time there). On its own
 * thread it works beside them; this side only posts messages. Same calls, same answers, same locking.
 */
export async function startPGliteThread(dataDir: string | null): Promise<PGliteThread> {
  // Run from the sources (tsx, the tests) the thread's file is the .ts beside this one; from the bundle (`npm start`)
  // it is built beside it (scripts/build-server.mjs).
  const workerFile = import.meta.url.endsWith('.ts') ? './pglite-thread-worker.ts' : './pglite-thread-worker.mjs';
  // V8 reads its heap flags when it makes an isolate: the thread's is made with a small young generation, and the
  // process's own setting comes back once it is (decision 0046).
  setFlagsFromString(`--max-semi-space-size=${THREAD_SEMI_SPACE_MB}`);
  const worker = new Worker(new URL(workerFile, import.meta.url), { workerData: { dataDir } });
  worker.once('online', () => setFlagsFromString(`--max-semi-space-size=${processSemiSpaceMb()}`));
  const pending = new Map<number, Pending>();
  let sequence = 0;
  let failure: Error | null = null;

  const failAll = (error: Error) => {
    failure = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`The database thread stopped (exit code ${code}).`)));

  await new Promise<void>((ready, failed) => {
    worker.once('message', () => ready());
    worker.once('error', failed);
  });
  worker.on('message', (response: ThreadResponse) => {
    const waiting = pending.get(response.id);
    if (!waiting) return;
    pending.delete(response.id);
    // The thread keeps the process alive only while it owes an answer, like a socket with a request in flight.
    if (pending.size === 0) worker.unref();
    if (response.ok) waiting.resolve(response.result);
    else waiting.reject(databaseError(response.error));
  });
  worker.unref();

  function call<T>(request: Request): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = ++sequence;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  const clientOf = (transaction?: number): PGliteClient => ({
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
      const parsers = options?.parsers ?? {};
      const textTypes = Object.keys(parsers).map(Number);
      const result = await call<Results<T>>({
        op: 'query',
        text,
        params,
        rowMode: options?.rowMode,
        textTypes,
        transaction,
      });
      return textTypes.length > 0 ? parseOwnTypes(result, parsers) : result;
    },
    exec: (text: string) => call<Results[]>({ op: 'exec', text, transaction }),
  });

  return {
    ...clientOf(),
    async transaction<T>(run: (tx: PGliteClient) => Promise<T>): Promise<T> {
      const transaction = await call<number>({ op: 'begin' });
      let result: T;
      try {
        result = await run(clientOf(transaction));
      } catch (error) {
        await call({ op: 'rollback', transaction }).catch(() => {});
        throw error;
      }
      await call({ op: 'commit', transaction });
      return result;
    },
    backup: (task: BackupTask) => call<BackupTaskResult>({ op: 'backup', task }),
    async close() {
      if (failure) return;
      await call({ op: 'close' });
      await worker.terminate();
    },
  };
}

/** Applies the caller's parsers to the columns of their types, which the thread left as text. */
function parseOwnTypes<T>(result: Results<T>, parsers: NonNullable<QueryOptions['parsers']>): Results<T> {
  const columns = result.fields.flatMap((field, index) => {
    return field.dataTypeID in parsers ? [{ index, name: field.name, parse: parsers[field.dataTypeID] }] : [];
  });
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { index, name, parse } of columns) {
      const key = Array.isArray(row) ? index : name;
      const value = row[key];
      if (typeof value === 'string') row[key] = parse(value);
    }
  }
  return result;
}

/** The database's error with its fields (code, detail, constraint, …) as PGlite raises it. */
function databaseError(fields: ThreadError): Error {
  const { message, name, ...rest } = fields;
  const error = new Error(message);
  if (typeof name === 'string') error.name = name;
  return Object.assign(error, rest);
}
