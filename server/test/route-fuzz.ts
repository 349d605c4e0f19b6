import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { apiRoutes, type HostileOwner } from './hostile-owner';
import { deeplyNestedJson, hostileIdText, hostileJson, hostileString, shapedLike } from './hostile-values';

/**
 * Routes the fuzzer leaves alone, and why: they end the session the fuzzer signs in with, so every later case
 * would only test the 401. Nothing here sends mail outside 127.0.0.1: mailboxes and peers are the test's own, the
 * system mailer is not configured, and jobs (sending, lead searches) are queued but not run by the test app.
 * Connecting a mailbox (`/api/email-accounts/smtp`) would dial whatever host a case names, so its cases point it
 * at 127.0.0.1 ports nothing listens on.
 */
const SESSION_ENDING = new Set(['POST /api/auth/logout', 'POST /api/auth/logout-everywhere', 'PUT /api/user/password']);

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
};

export type FuzzOutcome = {
  request: FuzzRequest;
  status: number;
  /** Why the answer breaks the rules, or null when it keeps them. */
  problem: string | null;
  ms: number;
};

type Target = { method: string; url: string; route: RouteOptions };

/** The routes the fuzzer calls, each with a method: the whole table but the session-ending ones. */
export function fuzzTargets(routes: RouteOptions[]): Target[] {
  return apiRoutes(routes).filter(({ method, url }) => !SESSION_ENDING.has(`${method} ${url}`));
}

function safeEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be encoded as UTF-8; send its WTF-8 bytes, which no decoder accepts.
    return text.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^\w%-]/g, (c) => encodeURIComponent(c));
  }
}

function queryString(value: unknown): string {
  if (typeof value === 'string') return safeEncode(value);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `q=${safeEncode(String(value))}`;
  return Object.entries(value)
    .flatMap(([key, item]) =>
      [item].flat().map((part) => {
        const text = typeof part === 'object' && part !== null ? JSON.stringify(part) : String(part);
        return `${safeEncode(key)}=${safeEncode(text)}`;
      }),
    )
    .join('&');
}

/** One hostile request to `target`: its `:params` A's real ids or garbage, its query and body shaped or not. */
function requestFor(target: Target, owner: HostileOwner, session: string): fc.Arbitrary<FuzzRequest> {
  const schema = (target.route.schema ?? {}) as { body?: z.ZodType; querystring?: z.ZodType };
  const hasParams = target.url.includes('/:');
  // A's real rows, so cases reach the services; never deleted, so later cases still find them.
  const usesRealId = hasParams && target.url.startsWith('/api/') && target.method !== 'DELETE';
  const path = hasParams
    ? fc.oneof(
        ...(usesRealId ? [fc.constant(owner.urlFor(target.url))] : []),
        hostileIdText.map((id) => target.url.replace(/:[^/]+/g, safeEncode(id))),
      )
    : fc.constant(target.url);
  const query = fc.option(fc.oneof(shapedLike(schema.querystring), hostileString), { freq: 3 });
  const sendsBody = target.method !== 'GET' && target.method !== 'DELETE';
  const body = sendsBody
    ? fc.oneof(
        { weight: 8, arbitrary: shapedLike(schema.body).map((value) => JSON.stringify(value) ?? 'null') },
        { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,]', '\u0000', '{"__proto__":{"isAdmin":true}}', '') },
        { weight: 1, arbitrary: hostileJson.map((value) => JSON.stringify(value) ?? 'null') },
        { weight: 1, arbitrary: deeplyNestedJson },
      )
    : fc.constant(undefined);
  return fc.tuple(path, query, body).map(([url, q, payload]) => {
    const full = q === null ? url : `${url}?${queryString(q)}`;
    // Mailbox connections dial the host they are given: keep those on 127.0.0.1, on a port nothing serves.
    const safePayload =
      target.url === '/api/email-accounts/smtp' && payload ? pointAtLoopback(payload) : (payload ?? undefined);
    return {
      method: target.method,
      url: full,
      headers: {
        cookie: `lr_session=${session}`,
        ...(payload !== undefined && { 'content-type': 'application/json' }),
      },
      payload: safePayload,
    };
  });
}

function pointAtLoopback(payload: string): string {
  try {
    const parsed = JSON.parse(payload);
    if (parsed && typeof parsed === 'object') {
      for (const side of ['smtp', 'imap']) {
        if (parsed[side] && typeof parsed[side] === 'object')
          Object.assign(parsed[side], { host: '127.0.0.1', port: 9 });
      }
      if ('host' in parsed) Object.assign(parsed, { host: '127.0.0.1', port: 9 });
    }
    return JSON.stringify(parsed);
  } catch {
    return payload;
  }
}

/** `count` hostile requests spread over every target, the same ones for the same seed. */
export function fuzzRequests(targets: Target[], owner: HostileOwner, session: string, count: number, seed: number) {
  const arbitrary = fc.oneof(...targets.map((target) => requestFor(target, owner, session)));
  return fc.sample(arbitrary, { numRuns: count, seed });
}

/** Sends `request` and checks the rules: no 5xx, and every 4xx of the API a JSON `{ message }`. */
export async function sendHostile(app: FastifyInstance, request: FuzzRequest): Promise<FuzzOutcome> {
  const started = performance.now();
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    payload: request.payload,
  });
  const ms = performance.now() - started;
  let problem: string | null = null;
  if (response.statusCode >= 500) problem = `answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  else if (response.statusCode >= 400 && request.url.startsWith('/api/')) {
    try {
      const body = response.json();
      // `{ message }` and nothing else: no stack, no framework codes (CONTRIBUTING.md's error convention).
      if (typeof body?.message !== 'string' || Object.keys(body).length !== 1) {
        problem = `4xx not a JSON { message }: ${response.body.slice(0, 300)}`;
      }
    } catch {
      problem = `4xx not JSON (${response.headers['content-type']}): ${response.body.slice(0, 300)}`;
    }
  }
  return { request, status: response.statusCode, problem, ms };
}

/** A request as a line a developer can replay, its long strings cut short. */
export function describeRequest(request: FuzzRequest): string {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);
  return `${request.method} ${cut(request.url)} ${request.payload === undefined ? '' : cut(request.payload)}`;
}
