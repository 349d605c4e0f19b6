/**
 * The thread that owns the embedded database (server/db/pglite-thread.ts starts it): PGlite and its WebAssembly run
 * here, beside the server's event loop rather than in it. It answers the requests of PGliteThread one message at
 * a time; PGlite's own locks keep queries and transactions apart exactly as they do in one thread.
 */
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createAnswerGate } from './group-commit.ts';
import { runBackupTask } from './pglite-backup-tasks.ts';
import { DURABLE_START_PARAMS, DurableNodeFS } from './pglite-durable-fs.ts';
import { prepareStatementsOf } from './pglite-statements.ts';
import type { ThreadError, ThreadRequest, ThreadResponse } from './pglite-thread-protocol.ts';

const port = parentPort;
if (!port) throw new Error('pglite-thread-worker.ts runs as a worker thread');
const { dataDir } = workerData as { dataDir: string | null };

/** Thrown into a transaction's callback to make PGlite roll it back. */
class RollbackRequested extends Error {}

type OpenTransaction = { tx: Transaction; finish(commit: boolean): void; settled: Promise<void> };
const transactions = new Map<number, OpenTransaction>();
let transactionSequence = 0;

/**
 * The embedded database's memory (decision 0034). V8 optimises a hot WebAssembly function with TurboFan, and for
 * PGlite's SQL parser (one 105 KB function) that takes 600 MB for half a second: the process peaked near 1 GB.
 * Keeping PGlite on V8's baseline compiler (no function may tier up: function 0 is an import) avoids it; the
 * database loses about a fifth of its speed. PostgreSQL's 128 MB buffer cache is 16 MB here: the operating
 * system's file cache holds the data files as well, and a small install should not pay twice.
 */
setFlagsFromString('--wasm-tier-up-filter=0');
// On disk, a commit is acknowledged only once it is there (decisions 0041, 0044); in memory there is no disk.
const durableFs = dataDir ? new DurableNodeFS(dataDir) : null;
const pglite = new PGlite({
  ...(durableFs && { fs: durableFs }),
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', ...(dataDir ? DURABLE_START_PARAMS : [])],
  // pg_trgm serves lead search (migration 0021).
  extensions: { pg_trgm },
});

/** Opens a transaction and answers its id once BEGIN has run; it stays open until `finish`. */
function begin(): Promise<number> {
  return new Promise((started, failed) => {
    const id = ++transactionSequence;
    const settled = pglite
      .transaction(
        (tx) =>
          new Promise<void>((commit, rollback) => {
            transactions.set(id, {
              tx,
              finish: (ok) => (ok ? commit() : rollback(new RollbackRequested())),
              settled,
            });
            started(id);
          }),
      )
      .catch((error) => {
        if (!(error instanceof RollbackRequested)) throw error;
      })
      .finally(() => transactions.delete(id));
    settled.catch(failed);
  });
}

async function end(id: number, commit: boolean) {
  const open = transactions.get(id);
  if (!open) throw new Error('This transaction is over.');
  open.finish(commit);
  await open.settled;
}

/** The caller's own parsers stay on its side (functions cannot cross threads): their types come back as text. */
function queryOptions(request: Extract<ThreadRequest, { op: 'query' }>): QueryOptions {
  const keepText = (value: string) => value;
  return {
    rowMode: request.rowMode,
    parsers: Object.fromEntries(request.textTypes.map((type) => [type, keepText])),
  };
}

async function answer(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const client = request.transaction ? transactions.get(request.transaction)?.tx : pglite;
      if (!client) throw new Error('This transaction is over.');
      return client.query(request.text, request.params, queryOptions(request));
    }
    case 'exec': {
      const client = request.transaction ? transactions.get(request.transaction)?.tx : pglite;
      if (!client) throw new Error('This transaction is over.');
      return client.exec(request.text);
    }
    case 'begin':
      return begin();
    case 'commit':
      return end(request.transaction, true);
    case 'rollback':
      return end(request.transaction, false);
    case 'close':
      await pglite.close();
      return null;
    case 'backup':
      return runBackupTask(pglite, dataDir, request.task);
  }
}

/** A database error as plain fields (its class does not survive the trip), so callers read code, detail, … */
function plainError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: ThreadError = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value as string | number | boolean;
  }
  return fields;
}

const answers = createAnswerGate<ThreadResponse>(
  () => durableFs?.syncWal(),
  (response) => port.postMessage(response),
);

await pglite.waitReady;
prepareStatementsOf(pglite);
port.on('message', async (request: ThreadRequest) => {
  let response: ThreadResponse;
  try {
    response = { id: request.id, ok: true, result: await answer(request) };
  } catch (error) {
    response = { id: request.id, ok: false, error: plainError(error) };
  }
  answers.answer(response);
  if (request.op === 'close') {
    answers.releaseNow();
    port.close();
  }
});
port.postMessage({ ready: true });
