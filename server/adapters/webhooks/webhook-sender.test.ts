import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { DnsResolver } from '../dns/dns-resolver';
import { isAllowedWebhookAddress } from './webhook-address-guard';
import { createWebhookSender, WEBHOOK_RESPONSE_LIMIT_BYTES } from './webhook-sender';

const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A receiver on 127.0.0.1 answering as `handle` says; answers its base URL. */
async function receiver(handle: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handle);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A resolver that answers every name with these addresses, in turn per call. */
const resolverOf = (...answers: string[][]): DnsResolver & { asked: number } => {
  const resolver = {
    asked: 0,
    async lookup() {
      return answers[Math.min(resolver.asked++, answers.length - 1)];
    },
  };
  return resolver as unknown as DnsResolver & { asked: number };
};

const sender = (resolver: DnsResolver, allowPrivate = true, timeoutMs?: number) =>
  createWebhookSender({ resolver, allowPrivate, timeoutMs });

describe('the webhook sender', () => {
  it('posts the body with its headers and reads at most 4 KB of the answer', async () => {
    let got = { body: '', signature: '', type: '' };
    const url = await receiver((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        got = {
          body,
          signature: String(request.headers['webhook-signature']),
          type: String(request.headers['content-type']),
        };
        response.end('x'.repeat(1024 * 1024));
      });
    });
    const attempt = await sender(resolverOf(['127.0.0.1'])).post(
      `${url}/hook`,
      { 'webhook-signature': 'v1,abc' },
      '{"a":1}',
    );
    expect(got).toEqual({ body: '{"a":1}', signature: 'v1,abc', type: 'application/json' });
    expect(attempt).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(attempt.responseExcerpt).toHaveLength(WEBHOOK_RESPONSE_LIMIT_BYTES);
  });

  it('follows no redirect and says so', async () => {
    let followed = false;
    const target = await receiver((_request, response) => {
      followed = true;
      response.end('moved here');
    });
    const url = await receiver((_request, response) => {
      response.writeHead(301, { location: `${target}/internal` });
      response.end();
    });
    const attempt = await sender(resolverOf(['127.0.0.1'])).post(`${url}/hook`, {}, '{}');
    expect(attempt).toMatchObject({ ok: false, statusCode: 301 });
    expect(attempt.error).toContain('redirects are not followed');
    expect(followed).toBe(false);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const url = await receiver(() => {});
    const attempt = await sender(resolverOf(['127.0.0.1']), true, 300).post(`${url}/slow`, {}, '{}');
    expect(attempt).toMatchObject({
      ok: false,
      statusCode: null,
      error: 'The endpoint did not answer within 0 seconds',
    });
  });

  it('connects to the address it checked, whatever a second DNS answer says', async () => {
    let reached = 0;
    const url = await receiver((_request, response) => {
      reached++;
      response.end('ok');
    });
    const port = new URL(url).port;
    // First answer public-looking but allowed here (loopback allowed), second would be metadata: never asked.
    const resolver = resolverOf(['127.0.0.1'], ['169.254.169.254']);
    const attempt = await sender(resolver).post(`http://hooks.example.test:${port}/x`, {}, '{}');
    expect(attempt.ok).toBe(true);
    expect(reached).toBe(1);
    expect(resolver.asked).toBe(1);
  });

  it('refuses a host with any internal address, and metadata even when private hosts are allowed', async () => {
    const guarded = await sender(resolverOf(['93.184.216.34', '10.0.0.5']), false).post(
      'http://mixed.example/x',
      {},
      '{}',
    );
    expect(guarded).toMatchObject({ ok: false, statusCode: null });
    expect(guarded.error).toContain('private or internal address');
    const metadata = await sender(resolverOf(['169.254.169.254'])).post('http://metadata.example/x', {}, '{}');
    expect(metadata.error).toContain('private or internal address');
    expect(isAllowedWebhookAddress('10.0.0.5', true)).toBe(true);
    expect(isAllowedWebhookAddress('10.0.0.5', false)).toBe(false);
    expect(isAllowedWebhookAddress('fd00:ec2::254', true)).toBe(false);
    expect(isAllowedWebhookAddress('::ffff:127.0.0.1', false)).toBe(false);
  });
});
