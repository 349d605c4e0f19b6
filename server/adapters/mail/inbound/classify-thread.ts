import { Worker } from 'node:worker_threads';
import type { InboundMessage } from './classify-inbound';

/**
 * How long reading one message may take (decision 0055). An ordinary message takes milliseconds and a 2 MB one well
 * under a second; mailparser needs many seconds for some crafted ones (a megabyte of unclosed tags), which are
 * then given up.
 */
export const CLASSIFY_BUDGET_MS = 3_000;
/** The thread's heap: a message that needs more is given up like one over its time. */
const THREAD_HEAP_MB = 256;
/** How long a new thread may take to load its modules (seconds under tsx on a busy machine) before the read fails. */
const THREAD_START_MS = 60_000;

export type InboundThread = {
  /** The message read and classified, or null when that took longer than the budget or more memory than allowed. */
  read(source: Buffer, now: Date): Promise<InboundMessage | null>;
  close(): Promise<void>;
};

type Thread = { worker: Worker; ready: Promise<void> };

/**
 * Reads inbound mail on a worker thread of its own (classify-thread-worker.ts), kept warm between messages and one
 * message at a time: the server's event loop only posts the source and waits, so no message can hold it. A message
 * not read within `budgetMs` has its thread terminated (a regular expression cannot be interrupted any other way)
 * and a new one started for the next. A thread that cannot start at all fails the read, so mail is not given up
 * for a broken install.
 */
export function createInboundThread(budgetMs = CLASSIFY_BUDGET_MS): InboundThread {
  let thread: Thread | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let sequence = 0;

  function start(): Thread {
    // Run from the sources (tsx, the tests) the thread's file is the .ts beside this one; from the bundle (`npm
    // start`) it is built beside it (scripts/build-server.mjs).
    const file = import.meta.url.endsWith('.ts') ? './classify-thread-worker.ts' : './classify-thread-worker.mjs';
    const worker = new Worker(new URL(file, import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
    // An uncaught failure there (out of memory) is an 'error' event; unheard, it would end the process. Its exit
    // is what the read in progress hears.
    worker.on('error', () => {});
    // The thread keeps the process alive only while it reads, like a socket with a request in flight.
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error('The mail reading thread did not start in time.'));
        void worker.terminate();
      }, THREAD_START_MS);
      worker.once('message', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The mail reading thread did not start (exit code ${code}).`));
      });
    });
    return { worker, ready };
  }

  async function readOne(source: Buffer, now: Date): Promise<InboundMessage | null> {
    thread ??= start();
    const current = thread;
    try {
      await current.ready;
    } catch (error) {
      if (thread === current) thread = null;
      throw error;
    }
    const id = ++sequence;
    return new Promise((resolve) => {
      const { worker } = current;
      const finish = (message: InboundMessage | null) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        worker.unref();
        resolve(message);
      };
      const onMessage = (reply: { id: number; message: InboundMessage }) => {
        if (reply.id === id) finish(reply.message);
      };
      // Out of memory, or killed: this message is given up, and the next one gets a new thread.
      const onExit = () => {
        if (thread === current) thread = null;
        finish(null);
      };
      const timer = setTimeout(() => {
        if (thread === current) thread = null;
        finish(null);
        void worker.terminate();
      }, budgetMs);
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      worker.ref();
      // A copy of just these bytes, handed over rather than cloned: a Buffer may be a view of a larger one.
      const bytes = new Uint8Array(source);
      worker.postMessage({ id, source: bytes, now: now.getTime() }, [bytes.buffer]);
    });
  }

  return {
    read(source, now) {
      const read = queue.then(() => readOne(source, now));
      queue = read.catch(() => {});
      return read;
    },
    async close() {
      const current = thread;
      thread = null;
      await current?.worker.terminate();
    },
  };
}
