import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The message a refused request (4xx) was answered with, for its log line. */
const refusals = new WeakMap<FastifyRequest, string>();

/** Error answers are `{ message }` of a sentence; a longer body is not one and is not read. */
const MAX_REFUSAL_BYTES = 2048;

/**
 * One info line per answered request: method, path (without its query, which may hold search words or tokens),
 * status and time in milliseconds; a refused request (4xx) adds the reason the user was given, so an operator sees
 * what went wrong for them without asking.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const status = reply.statusCode;
    if (status >= 400 && status < 500 && typeof payload === 'string' && payload.length <= MAX_REFUSAL_BYTES) {
      const message = messageOf(payload);
      if (message) refusals.set(request, message);
    }
    done(null, payload);
  });
  // Synchronous, as every request passes here.
  app.addHook('onResponse', (request, reply, done) => {
    const url = request.url;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const reason = refusals.get(request);
    request.log.info(
      { method: request.method, path, statusCode: reply.statusCode, responseTime: ms, ...(reason && { reason }) },
      `${request.method} ${path} ${reply.statusCode} ${ms} ms${reason ? `: ${reason}` : ''}`,
    );
    done();
  });
}

function messageOf(payload: string): string | null {
  try {
    const body: unknown = JSON.parse(payload);
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : null;
  } catch {
    return null;
  }
}
