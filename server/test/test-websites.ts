import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DnsResolver } from '../adapters/dns/dns-resolver';

export type PageHandler = string | ((request: IncomingMessage, response: ServerResponse) => void);

/**
 * Small websites on one node:http server on 127.0.0.1, told apart by the Host header (harbor-dental.test…), with a
 * log of every request and the most requests ever in flight at once.
 */
export class TestWebsites {
  readonly requests: { host: string; path: string }[] = [];
  maxInFlight = 0;
  private inFlight = 0;
  private readonly sites = new Map<string, Record<string, PageHandler>>();
  private server?: Server;

  async start(): Promise<void> {
    this.server = createServer((request, response) => this.answer(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  get port(): number {
    const address = this.server?.address() as AddressInfo | undefined;
    if (!address) throw new Error('the test websites are not started');
    return address.port;
  }

  /** A site's pages by path; a string is served as HTML, robots.txt as text. Unknown paths are 404. */
  site(host: string, pages: Record<string, PageHandler>): string {
    this.sites.set(host, pages);
    return `http://${host}:${this.port}/`;
  }

  pathsOf(host: string): string[] {
    return this.requests.filter((request) => request.host === host).map((request) => request.path);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private answer(request: IncomingMessage, response: ServerResponse) {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    const path = request.url ?? '/';
    this.requests.push({ host, path });
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    response.on('close', () => {
      this.inFlight -= 1;
    });
    const page = this.sites.get(host)?.[path];
    if (page === undefined) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    } else if (typeof page === 'function') {
      page(request, response);
    } else {
      const type = path === '/robots.txt' ? 'text/plain' : 'text/html; charset=utf-8';
      response.writeHead(200, { 'content-type': type }).end(page);
    }
  }
}

/** The DNS boundary for tests: names of test sites → 127.0.0.1 (or what a test says), MX answers per domain. */
export class TestDnsResolver implements DnsResolver {
  readonly lookups: string[] = [];

  constructor(
    private readonly addresses: Record<string, string[]>,
    private readonly mxAnswers: Record<string, string[] | null> = {},
  ) {}

  async lookup(host: string): Promise<string[]> {
    this.lookups.push(host);
    const addresses = this.addresses[host] ?? (host.endsWith('.test') ? ['127.0.0.1'] : undefined);
    if (!addresses) throw new Error(`${host} could not be found`);
    return addresses;
  }

  async mx(domain: string): Promise<string[] | null> {
    return domain in this.mxAnswers ? this.mxAnswers[domain] : [`mx.${domain}`];
  }
}
