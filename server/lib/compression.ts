import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers over 1 KB (JSON lists, CSV exports) with brotli or gzip, as the client accepts. Static files
 * already carry their build-time compression (Content-Encoding set), which this leaves alone.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
