import { CsvReadError, csvReadFailureMessage } from './csv-row-reader';
import type { CsvUploadChunk } from './csv-upload-chunks';

export type CsvChunkRequest = { type: 'open'; file: Blob } | { type: 'next' };
export type CsvChunkReply =
  | { type: 'chunk'; chunk: CsvUploadChunk }
  | { type: 'end' }
  | { type: 'error'; message: string };

function requestChunk(worker: Worker): Promise<CsvChunkReply> {
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<CsvChunkReply>) => resolve(event.data);
    worker.onerror = () => reject(new CsvReadError(csvReadFailureMessage(null)));
    worker.postMessage({ type: 'next' } satisfies CsvChunkRequest);
  });
}

/**
 * The file's upload chunks, read and parsed in a worker (csv-chunk.worker.ts). The worker prepares the next chunk
 * while the current one is being sent, and never more than that one, so memory stays flat.
 */
export async function* csvChunksInWorker(file: Blob): AsyncGenerator<CsvUploadChunk> {
  const worker = new Worker(new URL('./csv-chunk.worker.ts', import.meta.url), { type: 'module' });
  try {
    worker.postMessage({ type: 'open', file } satisfies CsvChunkRequest);
    let pending = requestChunk(worker);
    while (true) {
      const reply = await pending;
      if (reply.type === 'end') return;
      if (reply.type === 'error') throw new CsvReadError(reply.message);
      pending = requestChunk(worker);
      // If the caller stops early the worker is terminated, and this request simply never settles.
      pending.catch(() => {});
      yield reply.chunk;
    }
  } finally {
    worker.terminate();
  }
}
