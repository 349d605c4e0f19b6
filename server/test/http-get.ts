import { Agent, request } from 'node:http';
import type { FastifyInstance } from 'fastify';

export type HttpAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A listening app's GET over real HTTP, as a mail client or browser makes it. */
export type HttpGet = (
  path: string,
  options?: { userAgent?: string; from?: string; method?: 'GET' | 'HEAD' },
) => Promise<HttpAnswer>;

/**
 * Starts `app` on a free port of 127.0.0.1 and gives a GET over real sockets, kept alive and at most 32 at once.
 * `from` is the client's own address: any of 127.0.0.0/8 is this machine's, so a test can come from another address
 * without trusting a proxy's header.
 */
export async function listenForGets(app: FastifyInstance): Promise<{ get: HttpGet; close(): void }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a port');
  const agents = new Map<string, Agent>();
  const agentFrom = (from: string) => {
    const agent = agents.get(from) ?? new Agent({ keepAlive: true, maxSockets: 32, localAddress: from });
    agents.set(from, agent);
    return agent;
  };
  const get: HttpGet = (path, options = {}) =>
    new Promise((resolve, reject) => {
      const headers = options.userAgent === undefined ? {} : { 'user-agent': options.userAgent };
      const sent = request(
        {
          host: '127.0.0.1',
          port: address.port,
          path,
          method: options.method ?? 'GET',
          headers,
          agent: agentFrom(options.from ?? '127.0.0.1'),
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
          );
          response.on('error', reject);
        },
      );
      sent.on('error', reject);
      sent.end();
    });
  return {
    get,
    close() {
      for (const agent of agents.values()) agent.destroy();
    },
  };
}

/** The path and query of a link in a mail (its origin is the install's PUBLIC_URL, not the test's port). */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
