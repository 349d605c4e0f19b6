import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

const webDist = mkdtempSync(path.join(tmpdir(), 'lr-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>LocalReach</title><div id="root"></div>');

const plain = await createTestApp({}, { webDist });
const secure = await createTestApp({ publicUrl: 'https://reach.example.com', secureCookies: true }, { webDist });
afterAll(async () => {
  await plain.close();
  await secure.close();
});

/** The policy's directives by name. */
const directives = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it.each(['/', '/leads', '/u/not-a-token'])('are on the page %s', async (url) => {
    const response = await plain.app.inject({ method: 'GET', url });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(directives(response.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
  });

  it.each(['/api/auth/user', '/api/health', '/api/no-such-route'])(
    'are on the API answer %s, with none of the page-only ones',
    async (url) => {
      const response = await plain.app.inject({ method: 'GET', url });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(directives(response.headers['content-security-policy'])).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      for (const pageOnly of [
        'referrer-policy',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect(response.headers[pageOnly]).toBeUndefined();
      }
    },
  );

  it('let scripts come only from the app itself, never inline or evaluated', async () => {
    const policy = directives((await plain.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
  });

  it('ask for https only where the app is served over https', async () => {
    const overHttp = await plain.app.inject({ method: 'GET', url: '/' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    expect(directives(overHttp.headers['content-security-policy'])['upgrade-insecure-requests']).toBeUndefined();
    const overHttps = await secure.app.inject({ method: 'GET', url: '/' });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(directives(overHttps.headers['content-security-policy'])['upgrade-insecure-requests']).toEqual([]);
    const apiOverHttp = await plain.app.inject({ method: 'GET', url: '/api/health' });
    expect(apiOverHttp.headers['strict-transport-security']).toBeUndefined();
    const apiOverHttps = await secure.app.inject({ method: 'GET', url: '/api/health' });
    expect(apiOverHttps.headers['strict-transport-security']).toBe('max-age=15552000');
  });

  it('let mail clients on other origins load the tracking pixel', async () => {
    const pixel = await plain.app.inject({ method: 'GET', url: '/t/o/not-a-token' });
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect(pixel.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const page = await plain.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
