/// <reference lib="webworker" />
// Reads and chunks a CSV file off the main thread, one chunk per request, so the page stays smooth on huge files.

import type { CsvChunkReply, CsvChunkRequest } from './csv-chunks-in-worker';
import { csvReadFailureMessage, readCsvRows } from './csv-row-reader';
import { type CsvUploadChunk, csvUploadChunks } from './csv-upload-chunks';

declare const self: DedicatedWorkerGlobalScope;

let chunks: AsyncGenerator<CsvUploadChunk> | null = null;

self.onmessage = async ({ data }: MessageEvent<CsvChunkRequest>) => {
  if (data.type === 'open') {
    chunks = csvUploadChunks(readCsvRows(data.file));
    return;
  }
  let reply: CsvChunkReply;
  try {
    const next = await (chunks as AsyncGenerator<CsvUploadChunk>).next();
    reply = next.done ? { type: 'end' } : { type: 'chunk', chunk: next.value };
  } catch (error) {
    reply = { type: 'error', message: csvReadFailureMessage(error) };
  }
  self.postMessage(reply);
};
