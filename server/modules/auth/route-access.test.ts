import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, validRegistration } from '../../test/app';
import { rawPost } from '../../test/raw-http';

// A real server on 127.0.0.1: what an attacker reaches is the socket, not app.inject.
const t = await createTestApp();
let port: number;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

const url = (path: string) => `http://127.0.0.1:${port}${path}`;

/** The API routes anyone may call; every other API route needs a user. A new public route is a conscious change. */
const PUBLIC_API_ROUTES = [
  'GET /api/auth/password-reset',
  'GET /api/auth/register',
  'GET /api/docs/',
  'GET /api/docs/json',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/yaml',
  'GET /api/gmail/callback',
  'GET /api/health',
  'GET /api/login',
  'GET /api/openapi.json',
  'GET /api/outlook/callback',
  'GET /api/support',
  'POST /api/auth/forgot-password',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/register',
  'POST /api/auth/reset-password',
  'POST /api/meeting-receivers/:token/hook',
  'POST /api/webhooks/stripe',
];

const apiRoutes = () =>
  t.routes
    .filter((route) => route.url.startsWith('/api/'))
    .flatMap((route) => [route.method].flat().map((method) => ({ method, url: route.url, route })))
    .filter(({ method }) => method !== 'HEAD');

describe('who may call an API route, declared by the route and checked before its body is read', () => {
  it('needs a user on every API route but the declared public ones', () => {
    const open = apiRoutes()
      .filter(({ route }) => route.config?.access === 'public')
      .map(({ method, url }) => `${method} ${url}`)
      .sort();
    expect(open).toEqual(PUBLIC_API_ROUTES);
  });

  it('answers every other API route 401 when signed out, having read none of the body', async () => {
    const body = Buffer.from(`{"x":"${'a'.repeat(4 * 1024 * 1024)}"}`);
    const refused: string[] = [];
    for (const { method, url: path } of apiRoutes()) {
      if (PUBLIC_API_ROUTES.includes(`${method} ${path}`)) continue;
      const concrete = path.replaceAll(/:[a-zA-Z]+/g, '1');
      if (method === 'GET' || method === 'DELETE') {
        const response = await fetch(url(concrete), { method });
        if (response.status !== 401) refused.push(`${method} ${path} → ${response.status}`);
        continue;
      }
      // Only the first 16 KB of 4 MB leave: the answer must come before the rest is asked for.
      const answer = await rawPostWithMethod(method, concrete, body);
      if (answer.status !== 401 || answer.bodyBytesSent !== 16 * 1024) {
        refused.push(`${method} ${path} → ${answer.status} after ${answer.bodyBytesSent} bytes`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('still lets a signed-in user through', async () => {
    const token = await registerUser(t.app, 'gate@access.test');
    const response = await fetch(url('/api/leads'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `lr_session=${token}` },
      body: JSON.stringify({ email: 'lead@access.test' }),
    });
    expect(response.status).toBe(201);
  });
});

describe('what is an API request is decided on the path the router matched, not on its spelling', () => {
  it('refuses a foreign origin on a percent-encoded API path, as on the plain one', async () => {
    for (const path of ['/api/auth/register', '/%61pi/auth/register', '/%61%70%69/auth/register']) {
      const response = await fetch(url(path), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example.net' },
        body: JSON.stringify(validRegistration(`encoded${path.length}@access.test`)),
      });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
      expect(await response.json()).toEqual({ message: 'Cross-site request refused' });
    }
  });

  it('needs a user on a percent-encoded API path, and answers it with the API headers', async () => {
    const response = await fetch(url('/%61pi/leads'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('refuses a form post to a percent-encoded API path', async () => {
    const token = await registerUser(t.app, 'form@access.test');
    const response = await fetch(url('/%61pi/user/profile'), {
      method: 'PUT',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `lr_session=${token}` },
      body: 'companyName=Hacked',
    });
    expect(response.status).toBe(415);
  });
});

function rawPostWithMethod(method: string, path: string, body: Buffer) {
  return rawPost(port, path, body, { sendBytes: 16 * 1024, timeoutMs: 10_000, method });
}
