import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './api-request';

/**
 * Serves the built React app, precompressed, and answers every non-API page path with index.html (client routing).
 */
export async function registerWebClient(app: FastifyInstance, webDist: string) {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn(`No built web client in ${webDist}: run "npm run build:web". Serving the API only.`);
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies (scripts/precompress.ts); they are sent as they are, with
    // Content-Encoding and Vary: Accept-Encoding, to browsers that accept them.
    preCompressed: true,
    setHeaders(res, filePath) {
      // Vite puts a content hash in every asset name, so assets never change under the same URL.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', (request, reply) => {
    if (isApiRequest(request)) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
