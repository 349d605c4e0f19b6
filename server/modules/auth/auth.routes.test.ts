import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createContainer } from '../../container';
import { users } from '../../db/schema';
import {
  createTestApp,
  getCurrentUser,
  postJson,
  registerUser,
  sessionCookie,
  testConfig,
  validRegistration,
} from '../../test/app';

const t = await createTestApp();
const { app } = t;
afterAll(() => t.close());

const userCount = () => t.database.db.$count(users);
const getUser = (token?: string) => getCurrentUser(app, token);

describe('POST /api/auth/register', () => {
  it('creates the first user as admin on a 14-day trial and signs them in', async () => {
    const before = Date.now();
    const response = await postJson(app, '/api/auth/register', validRegistration('Owner@Example.com'));
    expect(response.statusCode).toBe(201);
    const user = response.json();
    const { password: _password, ...profile } = validRegistration('owner@example.com');
    expect(user).toMatchObject({ ...profile, subscriptionStatus: 'trial', isAdmin: true });
    expect(user).not.toHaveProperty('passwordHash');
    const trialDays = (Date.parse(user.trialEndDate) - before) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.99);
    expect(trialDays).toBeLessThan(14.01);

    const token = sessionCookie(response);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect((await getUser(token)).json().email).toBe('owner@example.com');
  });

  it('makes every later user an ordinary user', async () => {
    const response = await postJson(app, '/api/auth/register', validRegistration('second@example.com'));
    expect(response.statusCode).toBe(201);
    expect(response.json().isAdmin).toBe(false);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie, not Secure over http', async () => {
    const response = await postJson(app, '/api/auth/register', validRegistration('cookie@example.com'));
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/lr_session=[^;]+;/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Secure/);
  });

  it('sets a Secure session cookie when the app is served over https, and clears it the same way', async () => {
    const secure = await createTestApp({ secureCookies: true, publicUrl: 'https://reach.example.com' });
    try {
      const registered = await postJson(secure.app, '/api/auth/register', validRegistration('secure@example.com'));
      expect(String(registered.headers['set-cookie'])).toMatch(/lr_session=[^;]+;.*Secure/);
      const loggedOut = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { lr_session: sessionCookie(registered) ?? '' },
      });
      expect(String(loggedOut.headers['set-cookie'])).toMatch(/lr_session=;.*Secure/);
    } finally {
      await secure.close();
    }
  });

  it('accepts registration without first and last name', async () => {
    const { firstName: _f, lastName: _l, ...withoutNames } = validRegistration('nonames@example.com');
    const response = await postJson(app, '/api/auth/register', withoutNames);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ firstName: null, lastName: null });
  });

  it('refuses an email that exists, whatever its case, with 409 and stores nothing', async () => {
    const count = await userCount();
    const response = await postJson(app, '/api/auth/register', validRegistration('OWNER@example.com'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'An account with this email already exists. Sign in instead.' });
    expect(sessionCookie(response)).toBeUndefined();
    expect(await userCount()).toBe(count);
  });

  const requiredFields = [
    ['email', 'Enter a valid email address.'],
    ['password', 'Password is required.'],
    ['companyName', 'Company name is required.'],
    ['industry', 'Industry is required.'],
    ['service', 'Service is required.'],
    ['preferredLocalClients', 'Preferred local clients is required.'],
  ];
  it.each(requiredFields)('answers 400 naming %s when it is missing, and stores nothing', async (field, message) => {
    const count = await userCount();
    const payload: Record<string, unknown> = validRegistration(`missing-${field}@example.com`);
    delete payload[field];
    const response = await postJson(app, '/api/auth/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await userCount()).toBe(count);
  });

  it.each([
    ['companyName', 'Company name is required.'],
    ['industry', 'Industry is required.'],
  ])('treats a blank %s as missing', async (field, message) => {
    const response = await postJson(app, '/api/auth/register', {
      ...validRegistration(`blank-${field}@example.com`),
      [field]: '   ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('answers 400 for a malformed email', async () => {
    const response = await postJson(app, '/api/auth/register', validRegistration('not-an-email'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Enter a valid email address.' });
  });

  it('answers 400 for a password shorter than 6 characters', async () => {
    const response = await postJson(app, '/api/auth/register', {
      ...validRegistration('short@example.com'),
      password: '12345',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Password must be at least 6 characters long.' });
  });

  it('answers malformed JSON with a 400 message and no stack trace', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['message']);
    expect(response.body).not.toMatch(/at .+\.(js|ts):\d+/);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, case-insensitively on the email', async () => {
    const response = await postJson(app, '/api/auth/login', { email: 'Owner@Example.COM', password: 'correct-horse' });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('owner@example.com');
    expect((await getUser(sessionCookie(response))).statusCode).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrongPassword = await postJson(app, '/api/auth/login', { email: 'owner@example.com', password: 'nope!!' });
    const unknownEmail = await postJson(app, '/api/auth/login', { email: 'ghost@example.com', password: 'nope!!' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid email or password' });
      expect(sessionCookie(response)).toBeUndefined();
    }
  });

  it('requires email and password, with no minimum length at login', async () => {
    const missing = await postJson(app, '/api/auth/login', { email: 'owner@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Password is required.' });
    const short = await postJson(app, '/api/auth/login', { email: 'owner@example.com', password: 'x' });
    expect(short.statusCode).toBe(401);
  });

  it('issues a new token at every login and retires the one the browser presented', async () => {
    const credentials = { email: 'owner@example.com', password: validRegistration('owner@example.com').password };
    const first = sessionCookie(await postJson(app, '/api/auth/login', credentials));
    const second = await postJson(app, '/api/auth/login', credentials, first);
    const secondToken = sessionCookie(second);
    expect(secondToken).toBeDefined();
    expect(secondToken).not.toBe(first);
    expect((await getUser(first)).statusCode).toBe(401);
    expect((await getUser(secondToken)).statusCode).toBe(200);
  });
});

describe('GET /api/auth/user and POST /api/auth/logout', () => {
  it('answers 401 with a message when signed out or with an unknown token', async () => {
    for (const response of [await getUser(), await getUser('forged-token')]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('ends the session and clears the cookie at logout', async () => {
    const token = await registerUser(app, 'leaver@example.com');
    const response = await postJson(app, '/api/auth/logout', {}, token);
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/lr_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await getUser(token)).statusCode).toBe(401);
  });

  it('signs out every session of the user at logout everywhere, and no one else', async () => {
    await registerUser(app, 'everywhere@example.com');
    const signIn = async () =>
      sessionCookie(
        await postJson(app, '/api/auth/login', { email: 'everywhere@example.com', password: 'correct-horse' }),
      );
    const [laptop, phone] = [await signIn(), await signIn()];
    const other = await registerUser(app, 'onlooker@example.com');

    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/logout-everywhere',
      cookies: { lr_session: phone ?? '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Signed out on every device' });
    expect(response.headers['set-cookie']).toMatch(/lr_session=;/);
    expect((await getUser(laptop)).statusCode).toBe(401);
    expect((await getUser(phone)).statusCode).toBe(401);
    expect((await getUser(other)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout-everywhere' })).statusCode).toBe(401);
  });

  it('accepts a logout without a body or a session', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
  });

  it('sends a browser navigating to /api/login to the login form', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/login' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
  });
});

describe('PUT /api/user/password', () => {
  it('revokes every other session of the user and keeps the current one', async () => {
    const current = await registerUser(app, 'mover@example.com');
    const otherDevice = sessionCookie(
      await postJson(app, '/api/auth/login', { email: 'mover@example.com', password: 'correct-horse' }),
    );
    const bystander = await registerUser(app, 'bystander@example.com');
    const response = await app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: { cookie: `lr_session=${current}` },
      payload: { currentPassword: 'correct-horse', newPassword: 'battery-staple' },
    });
    expect(response.statusCode).toBe(200);
    expect((await getUser(otherDevice)).statusCode).toBe(401);
    expect((await getUser(current)).statusCode).toBe(200);
    expect((await getUser(bystander)).statusCode).toBe(200);
    const oldPassword = await postJson(app, '/api/auth/login', {
      email: 'mover@example.com',
      password: 'correct-horse',
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await postJson(app, '/api/auth/login', {
      email: 'mover@example.com',
      password: 'battery-staple',
    });
    expect(newPassword.statusCode).toBe(200);
  });

  it('refuses a wrong current password and a short new one', async () => {
    const token = await registerUser(app, 'careful@example.com');
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: '/api/user/password', headers: { cookie: `lr_session=${token}` }, payload });
    const wrong = await put({ currentPassword: 'not-it', newPassword: 'battery-staple' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'currentPassword: Current password is incorrect' });
    const short = await put({ currentPassword: 'correct-horse', newPassword: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 6 characters long.');
    expect((await getUser(token)).statusCode).toBe(200);
  });

  it('answers 401 when signed out', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/user/password',
      payload: { currentPassword: 'a', newPassword: 'bbbbbb' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('rate limiting', () => {
  const limited = createTestApp({ authRateLimitPerMinute: 5 });
  let closeLimited: () => Promise<void>;
  beforeAll(async () => {
    closeLimited = (await limited).close;
  });
  afterAll(() => closeLimited());
  afterEach(() => vi.useRealTimers());

  it('answers a flood from one address with 429, never shutting the real user out from theirs', async () => {
    const { app: limitedApp } = await limited;
    vi.useFakeTimers({ toFake: ['Date'] });
    await registerUser(limitedApp, 'victim@example.com');
    const attempt = (password: string, remoteAddress = '198.51.100.7') =>
      limitedApp.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email: 'victim@example.com', password },
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`guess-${i}`)).statusCode).toBe(401);
    // The flood goes on: far more than the account's own limit, all from one address.
    for (let i = 0; i < 60; i++) expect((await attempt(`guess-${i}`)).statusCode).toBe(429);

    const flooded = await attempt('correct-horse');
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(0);

    // The owner, at home, signs in at once; the flooding address a minute later.
    expect((await attempt('correct-horse', '203.0.113.20')).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await attempt('correct-horse')).statusCode).toBe(200);
  });

  it('limits sign-ins to one account from many addresses together', async () => {
    const { app: limitedApp } = await limited;
    await registerUser(limitedApp, 'target@example.com');
    const statuses: number[] = [];
    // Five addresses at their own limit of 5 each reach the account's limit of 25.
    for (let i = 0; i < 27; i++) {
      const response = await limitedApp.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `10.0.${Math.floor(i / 5)}.${(i % 5) + 1}`,
        payload: { email: 'target@example.com', password: 'wrong-password' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 25)).toEqual(Array(25).fill(401));
    expect(statuses.slice(25)).toEqual([429, 429]);
  });

  it('counts in the database: two web processes on one database allow what one allows', async () => {
    const { database } = await limited;
    const second = await createContainer({ ...testConfig, authRateLimitPerMinute: 5 }, database);
    const secondApp = await buildApp(second, { webDist: null });
    try {
      const { app: firstApp } = await limited;
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const response = await (i % 2 === 0 ? firstApp : secondApp).inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: '10.7.7.7',
          payload: validRegistration(`shared-${i}@example.com`),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    } finally {
      await secondApp.close();
      await second.close();
    }
  });

  it('limits registrations per address', async () => {
    const { app: limitedApp } = await limited;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await limitedApp.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '10.9.9.9',
        payload: validRegistration(`flood-${i}@example.com`),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });
});

describe('time zone', () => {
  it('keeps the browser’s zone from registration, and UTC where none or an unknown one is given', async () => {
    const response = await postJson(app, '/api/auth/register', {
      ...validRegistration('zoned@example.com'),
      timezone: 'America/Chicago',
    });
    expect(response.json().timezone).toBe('America/Chicago');
    const alias = await postJson(app, '/api/auth/register', {
      ...validRegistration('india@example.com'),
      timezone: 'Asia/Kolkata',
    });
    expect(alias.json().timezone).toBe('Asia/Kolkata');
    const defaulted = await postJson(app, '/api/auth/register', validRegistration('utc@example.com'));
    expect(defaulted.json().timezone).toBe('UTC');
    const unknown = await postJson(app, '/api/auth/register', {
      ...validRegistration('mars@example.com'),
      timezone: 'Mars/Olympus',
    });
    // A browser's zone this server does not know is no reason to refuse the sign-up.
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json().timezone).toBe('UTC');
    const notAZone = await postJson(app, '/api/auth/register', {
      ...validRegistration('number@example.com'),
      timezone: 42,
    });
    expect(notAZone.statusCode).toBe(201);
    expect(notAZone.json().timezone).toBe('UTC');
  });
});
