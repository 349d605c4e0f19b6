import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { DnsResolver } from '../dns/dns-resolver';
import { resolveAllowedWebHost } from './web-address-guard';

export type PageFetcherOptions = {
  resolver: DnsResolver;
  allowLoopback: boolean;
  userAgent: string;
  /** How long one page may take, connection to last byte (10 s). */
  timeoutMs: number;
  /** Bytes read of a page; the rest is never read (2 MB). */
  maxBytes: number;
  /** Redirects followed for one page (3). */
  maxRedirects: number;
};

export type FetchedPage = {
  /** Where the page was finally read, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: string;
  /** The page was longer than maxBytes and was cut there. */
  truncated: boolean;
};

/** A page that could not be read: refused by the host guard or robots.txt, unreachable, too slow, too many redirects. */
export class PageFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageFetchError';
  }
}

/** A page robots.txt asks us not to fetch; it was not requested. */
export class DisallowedPageError extends PageFetchError {}

/** Whether a URL may be fetched (robots.txt); asked before the first request and before every redirect. */
export type FetchPermission = (url: URL) => Promise<boolean>;

/**
 * Reads one page of a website with node:http(s): only http/https, each hop's host checked by the web host guard and
 * connected to at the checked address, redirects re-checked, the whole page bounded in time and size.
 */
export class PageFetcher {
  constructor(private readonly options: PageFetcherOptions) {}

  async fetch(url: string, mayFetch?: FetchPermission, signal?: AbortSignal): Promise<FetchedPage> {
    let current = parseWebUrl(url);
    await permit(current, mayFetch);
    // The page's time starts once robots.txt has been read.
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const abort = signal ? AbortSignal.any([signal, deadline]) : deadline;
    for (let hop = 0; ; hop++) {
      if (hop > 0) await permit(current, mayFetch);
      const response = await this.request(current, abort);
      const location = response.headers.location;
      if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
        response.destroy();
        if (hop >= this.options.maxRedirects) throw new PageFetchError(`${url} redirects more than ${hop} times`);
        current = parseWebUrl(new URL(location, current).toString());
        continue;
      }
      return this.read(current, response, abort);
    }
  }

  private async request(url: URL, abort: AbortSignal): Promise<IncomingMessage> {
    abort.throwIfAborted();
    const pinned = await resolveAllowedWebHost(url.hostname, this.options.resolver, this.options.allowLoopback);
    // Node connects through this instead of asking DNS again: the checked address is the one connected to.
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const requestOptions: RequestOptions = {
      method: 'GET',
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers: {
        'user-agent': this.options.userAgent,
        accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1',
      },
      lookup,
      agent: false,
      signal: abort,
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const outgoing = send(requestOptions, resolve);
      outgoing.on('error', (error) => reject(describeFailure(url, error, abort)));
      outgoing.end();
    });
  }

  /** The body up to maxBytes; beyond that the connection is closed rather than read. */
  private read(url: URL, response: IncomingMessage, abort: AbortSignal): Promise<FetchedPage> {
    const { maxBytes } = this.options;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      let settled = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        const contentType = String(response.headers['content-type'] ?? '');
        resolve({
          url: url.toString(),
          status: response.statusCode ?? 0,
          contentType,
          body: decode(Buffer.concat(chunks, size), contentType),
          truncated,
        });
      };
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        reject(describeFailure(url, error, abort));
      };
      response.on('data', (chunk: Buffer) => {
        if (settled) return;
        const room = maxBytes - size;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.length, room);
        if (size >= maxBytes) {
          truncated = true;
          finish();
          response.destroy();
        }
      });
      response.on('end', finish);
      response.on('error', fail);
      // Closed before its end without an error: the deadline or the caller's abort cut it.
      response.on('close', () => fail(new Error('connection closed')));
    });
  }
}

async function permit(url: URL, mayFetch?: FetchPermission) {
  if (mayFetch && !(await mayFetch(url))) throw new DisallowedPageError(`${url} is disallowed by robots.txt`);
}

/** Only http and https URLs are fetched. */
function parseWebUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new PageFetchError(`${value} is not a web address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PageFetchError(`${value} is not http or https`);
  url.hash = '';
  return url;
}

function describeFailure(url: URL, error: unknown, abort: AbortSignal): Error {
  if (abort.aborted && abort.reason instanceof Error && abort.reason.name === 'TimeoutError') {
    return new PageFetchError(`${url} did not answer in time`);
  }
  if (abort.aborted) return abort.reason instanceof Error ? abort.reason : new Error('aborted');
  return new PageFetchError(`${url} could not be read: ${error instanceof Error ? error.message : String(error)}`);
}

/** The body in the charset the server names, UTF-8 when it names none or one Node does not know. */
function decode(bytes: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
