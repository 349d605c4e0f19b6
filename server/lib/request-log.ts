import type { FastifyInstance } from 'fastify';

/**
 * One info line per answered request: method, path (without its query, which may hold search words or tokens),
 * status and time in milliseconds.
 */
export function registerRequestLog(app: FastifyInstance) {
  // Synchronous, as every request passes here.
  app.addHook('onResponse', (request, reply, done) => {
    const url = request.url;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    request.log.info(
      { method: request.method, path, statusCode: reply.statusCode, responseTime: ms },
      `${request.method} ${path} ${reply.statusCode} ${ms} ms`,
    );
    done();
  });
}
