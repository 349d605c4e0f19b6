import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers up to this size are compressed in one call rather than through a zlib stream each, which costs more than
 * the compression and outlives the request: with a stream per page of 100 leads (32 KB), the server moved about
 * 0.9 MB to V8's old generation every 20 requests, with one call 26 KB. Brotli at quality 4 takes a quarter of a
 * millisecond for such a page. The plugin's own default depends on the cores it sees (8 KB on two), so it is set
 * here, the same on every host (decision 0035).
 */
const SYNC_COMPRESSION_BYTES = 64 * 1024;

/**
 * Compresses answers over 1 KB (JSON lists, CSV exports) with brotli or gzip, as the client accepts. Static files
 * already carry their build-time compression (Content-Encoding set), which this leaves alone. Request bodies are
 * not decompressed: no client of ours compresses them, and the plugin's hook for it ran on every request.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    syncThreshold: SYNC_COMPRESSION_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
