import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, getCurrentUser, registerUser, validRegistration } from '../test/app';

const t = await createTestApp({ publicUrl: 'https://reach.example.com', secureCookies: true });
const { app } = t;
afterAll(() => t.close());

/** A sign-up as a browser on `origin` sends it. */
const registerFrom = (origin: string, email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/register', headers: { origin }, payload: validRegistration(email) });

describe('cross-site protection of mutating API calls', () => {
  it('refuses a form post (urlencoded, multipart, text/plain) with 415', async () => {
    const token = await registerUser(app, 'csrf@example.com');
    for (const contentType of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: { cookie: `lr_session=${token}`, 'content-type': contentType },
        payload: 'companyName=Hacked',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: 'Send the request body as JSON (Content-Type: application/json)' });
    }
    const me = await getCurrentUser(app, token);
    expect(me.json().companyName).toBe('Reyes Realty');
  });

  it('refuses a JSON call from another origin with 403', async () => {
    const response = await registerFrom('https://evil.example.net', 'evil@example.com');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Cross-site request refused' });
  });

  it('accepts the public origin and the origin of the host the browser asked for', async () => {
    const fromPublicUrl = await registerFrom('https://reach.example.com', 'public-origin@example.com');
    expect(fromPublicUrl.statusCode).toBe(201);
    const fromHost = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://192.168.1.20:5000', host: '192.168.1.20:5000' },
      payload: {},
    });
    expect(fromHost.statusCode).toBe(200);
  });

  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: validRegistration('secure@example.com'),
    });
    expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
  });

  it('leaves reads alone', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example.net' },
    });
    expect(response.statusCode).toBe(200);
  });
});
