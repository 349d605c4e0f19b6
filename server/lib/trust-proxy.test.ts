import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp } from '../test/app';

const env = (values: Record<string, string>) => ({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lr-proxy-')),
  ...values,
});

describe('TRUST_PROXY', () => {
  it('takes no proxy, a hop count, or proxy addresses and CIDRs', () => {
    expect(loadConfig(env({})).trustProxy).toBe(false);
    expect(loadConfig(env({ TRUST_PROXY: 'false' })).trustProxy).toBe(false);
    expect(loadConfig(env({ TRUST_PROXY: '0' })).trustProxy).toBe(false);
    expect(loadConfig(env({ TRUST_PROXY: '1' })).trustProxy).toBe(1);
    expect(loadConfig(env({ TRUST_PROXY: '2' })).trustProxy).toBe(2);
    expect(loadConfig(env({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' })).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses "true", which believed any client, and anything that is not an address, saying what to set', () => {
    for (const value of ['true', 'yes', '10.0.0.0/33', 'proxy.example.com', '1.2.3', '-1', '100']) {
      expect(() => loadConfig(env({ TRUST_PROXY: value }))).toThrow(
        /- TRUST_PROXY: must be the number of proxies in front of LocalReach \(e\.g\. 1\) or their addresses/,
      );
    }
  });
});

/**
 * Sign-ins are limited per client address (AUTH_RATE_LIMIT_PER_MINUTE). A client that rotates X-Forwarded-For
 * must not become a new address each time: only a trusted proxy's word counts.
 */
describe('the client address behind proxies, on a real server', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  async function signInsUntilLimited(trustProxy: false | number | string[], forwardedFor: (attempt: number) => string) {
    const t = await createTestApp({ trustProxy, authRateLimitPerMinute: 3 });
    servers.push(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor(attempt) },
        body: JSON.stringify({ email: `nobody${attempt}@proxy.test`, password: 'wrong-password' }),
      });
      statuses.push(response.status);
    }
    return statuses;
  }

  const limitedAfterThree = [401, 401, 401, 429, 429];

  it('ignores X-Forwarded-For from a client that is not a listed proxy', async () => {
    expect(await signInsUntilLimited(['10.0.0.0/8'], (attempt) => `203.0.113.${attempt}`)).toEqual(limitedAfterThree);
  });

  it('takes the address a listed proxy appended, not what the client wrote before it', async () => {
    const statuses = await signInsUntilLimited(['127.0.0.1'], (attempt) => `203.0.113.${attempt}, 198.51.100.7`);
    expect(statuses).toEqual(limitedAfterThree);
  });

  it('with a hop count, takes the address the nearest proxy appended', async () => {
    // Fastify 5.12 reads a plain number as "trust no hop"; a hop count still has to find 198.51.100.7 here.
    const rotatingFar = await signInsUntilLimited(1, (attempt) => `203.0.113.${attempt}, 198.51.100.7`);
    expect(rotatingFar).toEqual(limitedAfterThree);
    const rotatingNear = await signInsUntilLimited(1, (attempt) => `198.51.100.7, 203.0.113.${attempt}`);
    expect(rotatingNear).toEqual([401, 401, 401, 401, 401]);
  });
});
