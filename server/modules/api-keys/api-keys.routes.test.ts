import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser } from '../../test/app';
import { apiKeyAreaOf } from './api-key-areas';
import { API_KEY_REQUESTS_PER_MINUTE } from './api-keys.service';

const t = await createTestApp();
const { app } = t;
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const withSession = (method: Method, url: string, session: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie: `lr_session=${session}` } });
const withKey = (method: Method, url: string, key: string, payload?: object, headers: Record<string, string> = {}) =>
  app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}`, ...headers } });
const makeKey = async (session: string, scopes: string[], name = 'CRM sync') => {
  const response = await withSession('POST', '/api/api-keys', session, { name, scopes });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; key: string; prefix: string };
};

describe('API keys', () => {
  it('are shown once, listed by name and prefix only, and work on the browser’s routes as their owner', async () => {
    const owner = await registerUser(app, 'keys-owner@example.com');
    const other = await registerUser(app, 'keys-other@example.com');
    await withSession('POST', '/api/leads', owner, { email: 'mine@lead.test' });
    await withSession('POST', '/api/leads', other, { email: 'theirs@lead.test' });

    const created = await makeKey(owner, ['read']);
    expect(created.key).toMatch(/^lr_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const listed = (await withSession('GET', '/api/api-keys', owner)).json();
    expect(listed).toEqual([
      expect.objectContaining({ id: created.id, name: 'CRM sync', prefix: created.prefix, lastUsedAt: null }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    expect((await withSession('GET', '/api/api-keys', other)).json()).toEqual([]);

    const leads = await withKey('GET', '/api/leads', created.key);
    expect(leads.statusCode).toBe(200);
    const emails = JSON.stringify(leads.json());
    expect(emails).toContain('mine@lead.test');
    expect(emails).not.toContain('theirs@lead.test');
    const [used] = (await withSession('GET', '/api/api-keys', owner)).json();
    expect(used.lastUsedAt).not.toBeNull();
  });

  it('keep to their scopes: read cannot write, an area’s key stays in its area', async () => {
    const owner = await registerUser(app, 'keys-scopes@example.com');
    const reader = await makeKey(owner, ['read']);
    const refused = await withKey('POST', '/api/leads', reader.key, { email: 'new@lead.test' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This API key may not change leads.' });

    const leadsWriter = await makeKey(owner, ['leads:write']);
    // No session cookie, and an Origin that is not ours: the cross-site guard is for cookies, not keys.
    const added = await withKey(
      'POST',
      '/api/leads',
      leadsWriter.key,
      { email: 'new@lead.test' },
      {
        origin: 'https://crm.example',
      },
    );
    expect(added.statusCode, added.body).toBe(201);
    expect((await withKey('GET', '/api/leads/count', leadsWriter.key)).statusCode).toBe(200);
    const templates = await withKey('GET', '/api/templates', leadsWriter.key);
    expect(templates.statusCode).toBe(403);
    expect(templates.json().message).toBe('This API key may not read templates.');
  });

  it('never reach admin routes, key management, the profile or mailboxes, even an administrator’s', async () => {
    const admin = await registerUser(app, 'keys-admin@example.com');
    await t.database.db.execute(`UPDATE users SET is_admin = true WHERE email = 'keys-admin@example.com'`);
    const { key } = await makeKey(admin, ['write']);
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['PUT', '/api/user/profile'],
      ['PUT', '/api/user/password'],
      ['GET', '/api/email-accounts'],
      ['POST', '/api/auth/logout-everywhere'],
    ] as const) {
      const response = await withKey(method, url, key, method === 'GET' ? undefined : {});
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe('An API key cannot do this; sign in to LocalReach to do it.');
    }
  });

  it('stop working once revoked, and an unknown key is refused', async () => {
    const owner = await registerUser(app, 'keys-revoke@example.com');
    const { id, key } = await makeKey(owner, ['read']);
    expect((await withKey('GET', '/api/leads', key)).statusCode).toBe(200);
    expect((await withSession('DELETE', `/api/api-keys/${id}`, owner)).statusCode).toBe(204);
    const revoked = await withKey('GET', '/api/leads', key);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ message: 'This API key is not valid, or it has been revoked.' });
    expect((await withSession('GET', '/api/api-keys', owner)).json()).toEqual([]);
    expect((await withKey('GET', '/api/leads', 'lr_not-a-key')).statusCode).toBe(401);
    // Another user's key id is not found for them.
    const other = await registerUser(app, 'keys-revoke-other@example.com');
    const theirs = await makeKey(other, ['read']);
    expect((await withSession('DELETE', `/api/api-keys/${theirs.id}`, owner)).statusCode).toBe(404);
  });

  it('are refused a name or a scope that does not exist', async () => {
    const owner = await registerUser(app, 'keys-invalid@example.com');
    expect((await withSession('POST', '/api/api-keys', owner, { name: ' ', scopes: ['read'] })).statusCode).toBe(400);
    expect((await withSession('POST', '/api/api-keys', owner, { name: 'x', scopes: ['admin'] })).statusCode).toBe(400);
    expect((await withSession('POST', '/api/api-keys', owner, { name: 'x', scopes: [] })).statusCode).toBe(400);
  });

  it('answer 429 with Retry-After past the key’s rate limit, per key', async () => {
    const owner = await registerUser(app, 'keys-rate@example.com');
    const busy = await makeKey(owner, ['read']);
    const calm = await makeKey(owner, ['read']);
    for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i++) {
      expect((await withKey('GET', '/api/leads/count', busy.key)).statusCode).toBe(200);
    }
    const limited = await withKey('GET', '/api/leads/count', busy.key);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many requests with this API key\. Please wait \d+ seconds?/);
    expect((await withKey('GET', '/api/leads/count', calm.key)).statusCode).toBe(200);
  });
});

describe('the areas a key can reach', () => {
  it('covers every signed-in API route but account, billing, admin and key management', () => {
    const reachable = t.routes
      .filter((route) => typeof route.url === 'string' && route.url.startsWith('/api/'))
      .filter((route) => route.config?.access !== 'public')
      .map((route) => route.url as string)
      .filter((url) => apiKeyAreaOf(url) === null);
    // The routes a key never reaches: a person signed in does these (meeting receivers show their signing secrets).
    const personOnly =
      /^\/api\/(admin|api-keys|auth|user|email-accounts|outlook|gmail|subscription|stock-tip|marketing-strategy|support|login|meeting-receivers)\b/;
    expect([...new Set(reachable)].filter((url) => !personOnly.test(url))).toEqual([]);
    expect(apiKeyAreaOf('/api/leads-with-sent-weeks')).toBe('leads');
    expect(apiKeyAreaOf('/api/campaigns/:id/pause')).toBe('campaigns');
    expect(apiKeyAreaOf('/api/responses/:id/reply')).toBe('replies');
    expect(apiKeyAreaOf('/api/admin/users')).toBeNull();
  });
});
