import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown of HTTP: once the app is closing, every answer still being written says `Connection: close`, so
 * the client's keep-alive connection ends with it. Fastify closes the connections that are idle when it starts
 * closing, and waits for the others; a request in flight then (a lead import's chunk) is answered, but its
 * connection stayed open for the client's next request, and the process never exited.
 */
export function registerClosingConnections(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Synchronous, as every answer passes here.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
