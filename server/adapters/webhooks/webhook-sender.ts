import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { DnsResolver } from '../dns/dns-resolver';
import { parseWebhookUrl, resolveWebhookHost, WebhookAddressError } from './webhook-address-guard';

/** How long a receiver has, connection to last byte. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Bytes of a receiver's answer read; the rest is never read. */
export const WEBHOOK_RESPONSE_LIMIT_BYTES = 4096;

/** One delivery attempt's outcome: the receiver's status and answer, or why there was none. */
export type WebhookAttempt = {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  /** The start of the receiver's answer (at most 4 KB read). */
  responseExcerpt: string | null;
  /** Why the attempt failed, in words for the endpoint's owner; null when it succeeded. */
  error: string | null;
};

export type WebhookSender = {
  post(url: string, headers: Record<string, string>, body: string): Promise<WebhookAttempt>;
};

/**
 * Posts a signed event with node:http(s): the host checked by the webhook address guard and connected to at the
 * checked address, no redirect followed (a 3xx is a failure: the receiver must give its final address), the
 * whole attempt bounded in time and the answer in size.
 */
export function createWebhookSender(options: {
  resolver: DnsResolver;
  allowPrivate: boolean;
  timeoutMs?: number;
  now?: () => number;
}): WebhookSender {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const now = options.now ?? (() => performance.now());
  return {
    async post(address, headers, body) {
      const started = now();
      const failed = (error: string, statusCode: number | null = null, excerpt: string | null = null) => ({
        ok: false,
        statusCode,
        durationMs: Math.round(now() - started),
        responseExcerpt: excerpt,
        error,
      });
      let url: URL;
      let pinned: { address: string; family: 4 | 6 };
      try {
        url = parseWebhookUrl(address);
        pinned = await resolveWebhookHost(url, options.resolver, options.allowPrivate);
      } catch (error) {
        if (error instanceof WebhookAddressError) return failed(error.message);
        throw error;
      }
      const abort = AbortSignal.timeout(timeoutMs);
      try {
        const response = await send(url, pinned, headers, body, abort);
        const excerpt = await readLimited(response, abort);
        const statusCode = response.statusCode ?? 0;
        const durationMs = Math.round(now() - started);
        if (statusCode >= 200 && statusCode < 300) {
          return { ok: true, statusCode, durationMs, responseExcerpt: excerpt, error: null };
        }
        if (statusCode >= 300 && statusCode < 400) {
          return failed(
            `The endpoint answered with a redirect (${statusCode}); redirects are not followed: use the final address`,
            statusCode,
            excerpt,
          );
        }
        return failed(`The endpoint answered ${statusCode}`, statusCode, excerpt);
      } catch (error) {
        if (abort.aborted) return failed(`The endpoint did not answer within ${Math.round(timeoutMs / 1000)} seconds`);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ECONNREFUSED') return failed(`${url.host} refused the connection`);
        if (code === 'ECONNRESET') return failed(`${url.host} closed the connection`);
        return failed(`${url.host} could not be reached`);
      }
    },
  };
}

function send(
  url: URL,
  pinned: { address: string; family: 4 | 6 },
  headers: Record<string, string>,
  body: string,
  abort: AbortSignal,
): Promise<IncomingMessage> {
  // Node connects through this instead of asking DNS again: the checked address is the one connected to.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        method: 'POST',
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'LocalReach-Webhooks/1',
        },
        lookup,
        agent: false,
        signal: abort,
      },
      resolve,
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The answer's first 4 KB as text; the connection is closed rather than the rest read. */
function readLimited(response: IncomingMessage, abort: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      resolve(new TextDecoder('utf-8').decode(Buffer.concat(chunks, size)));
    };
    response.on('data', (chunk: Buffer) => {
      if (settled) return;
      const room = WEBHOOK_RESPONSE_LIMIT_BYTES - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (size >= WEBHOOK_RESPONSE_LIMIT_BYTES) {
        finish();
        response.destroy();
      }
    });
    response.on('end', finish);
    response.on('error', (error) => {
      if (!settled) {
        settled = true;
        reject(error);
      }
    });
    response.on('close', () => {
      if (!settled) {
        settled = true;
        if (abort.aborted) reject(abort.reason);
        else resolve(new TextDecoder('utf-8').decode(Buffer.concat(chunks, size)));
      }
    });
  });
}
