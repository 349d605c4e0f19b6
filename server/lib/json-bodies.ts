import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance, FastifyRequest, preParsingHookHandler } from 'fastify';
import { AppError } from './app-error';
import { estimatedHeapBytes, jsonShape } from './json-shape';
import { BudgetRefusal, MemoryBudget } from './memory-budget';

declare module 'fastify' {
  interface FastifyRequest {
    /** The heap this request's body holds of the budget, and how to give it back; null when it holds none. */
    bodyShare: { bytes: number; releases: (() => void)[] } | null;
  }
}

/** Bodies up to this size are read without asking the budget: a few kilobytes each, bounded by the connections. */
const SMALL_BODY_BYTES = 64 * 1024;
/** How long a large body waits for room before it is told to try again. */
const WAIT_FOR_ROOM_MS = 20_000;
const RETRY_AFTER_SECONDS = 30;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type JsonBodyOptions = {
  /** Heap all request bodies together may hold; by default a quarter of the process's heap limit. */
  budgetBytes?: number;
  /** How long a body waits for room (tests shorten it). */
  waitMs?: number;
};

/**
 * JSON bodies under a memory bound that holds whatever arrives. A large body takes its share of one process-wide
 * budget before a byte of it is read (three times its declared length, else its route's limit: the text is held
 * as chunks, as a string and as parsed strings), waiting its turn when the budget is full. Once read, its structure
 * is counted in one linear pass and the share grows to what parsing will build (5 MB of `{}` would be 1.7 million
 * objects, 300 MB): room that is not free at once is refused with 503 rather than waited for, so bodies holding
 * shares never wait on each other. Shares go back when the answer has gone. A body that could never fit is 413.
 * Parsing itself is Fastify's, with its prototype-poisoning checks.
 */
export function registerJsonBodies(app: FastifyInstance, options: JsonBodyOptions = {}) {
  const budget = new MemoryBudget(options.budgetBytes ?? Math.floor(getHeapStatistics().heap_size_limit / 4));
  const waitMs = options.waitMs ?? WAIT_FOR_ROOM_MS;
  const parse = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('bodyShare', null);

  // Only routes that take a body get the hook, so reads (most requests) pay nothing for it.
  const holdShare: preParsingHookHandler = (request, reply, payload, done) => {
    const declared = Number(request.headers['content-length']);
    const limit = request.routeOptions.bodyLimit;
    const expected = Number.isFinite(declared) ? declared : limit;
    // Bodies over the route's limit are refused by Fastify before they are read, without a share.
    if (expected <= SMALL_BODY_BYTES || expected > limit) return done(null, payload);
    const bytes = 3 * expected;
    budget.take(bytes, waitMs).then(
      (release) => {
        const share = { bytes, releases: [release] };
        request.bodyShare = share;
        reply.raw.once('close', () => {
          for (const give of share.releases) give();
        });
        done(null, payload);
      },
      (error) => done(asHttpError(error)),
    );
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => BODY_METHODS.has(method))) return;
    const existing = route.preParsing === undefined ? [] : [route.preParsing].flat();
    if (!existing.includes(holdShare)) route.preParsing = [holdShare, ...existing];
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    async (request: FastifyRequest, body: string | Buffer) => {
      const text = String(body);
      const share = request.bodyShare;
      if (share && text.length > SMALL_BODY_BYTES) {
        const needed = estimatedHeapBytes(text.length, jsonShape(text));
        if (needed > budget.capacity) throw asHttpError(new BudgetRefusal('too_large'));
        if (needed > share.bytes) {
          const more = budget.tryTake(needed - share.bytes);
          if (!more) throw asHttpError(new BudgetRefusal('busy'));
          share.releases.push(more);
          share.bytes = needed;
        }
      }
      return new Promise((resolve, reject) =>
        parse(request, text, (error, value) => (error ? reject(error) : resolve(value))),
      );
    },
  );
}

function asHttpError(error: unknown): Error {
  if (!(error instanceof BudgetRefusal)) return error instanceof Error ? error : new Error(String(error));
  return error.reason === 'too_large'
    ? new AppError('payload_too_large', 'The request is too large for the server to read. Send less at once.', 413)
    : new AppError('server_busy', 'The server is busy reading other large requests. Try again in a minute.', 503, {
        'retry-after': String(RETRY_AFTER_SECONDS),
      });
}
