/**
 * The thread that reads inbound mail (classify-thread.ts starts it): mailparser and the classification's patterns
 * run here, so a message that takes long to read holds this thread, never the server's event loop, and the thread
 * can be stopped when it takes too long (decision 0055). One message at a time, answered by its id.
 */
import { parentPort } from 'node:worker_threads';

const port = parentPort;
if (!port) throw new Error('classify-thread-worker.ts runs as a worker thread');
// From the sources (tsx, the tests) Node runs this file by stripping its types, and cannot resolve the
// extensionless imports of the modules below: tsx's loader does. The bundle has them built in.
if (import.meta.url.endsWith('.ts')) (await import('tsx/esm/api')).register();
const { readInbound } = await import('./classify-inbound.ts');
// Loaded before the first message, so no message's time budget pays for it.
await import('mailparser');

type Request = { id: number; source: Uint8Array; now: number };

port.on('message', async (request: Request) => {
  const source = Buffer.from(request.source.buffer, request.source.byteOffset, request.source.byteLength);
  port.postMessage({ id: request.id, message: await readInbound(source, new Date(request.now)) });
});
port.postMessage({ ready: true });
