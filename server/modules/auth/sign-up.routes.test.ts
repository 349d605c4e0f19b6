import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_WHILE_CLOSED_MESSAGE } from '../../../contract/admin';
import { SIGN_UP_CLOSED } from '../../../contract/sign-up';
import { createTestApp, postJson, sessionCookie, validRegistration } from '../../test/app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const register = (t: TestApp, email: string) => postJson(t.app, '/api/auth/register', validRegistration(email));
const signUpOptions = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/api/auth/register' })).json();

describe('ADMIN_EMAIL on an open server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminEmail: 'owner@signup.test', signup: 'open' });
  });
  afterAll(() => t?.close());

  it('makes nobody the administrator by being first, and the named address whenever it registers', async () => {
    expect(await signUpOptions(t)).toEqual({ mode: 'open', adminPending: true });
    const first = await register(t, 'early-bird@signup.test');
    expect(first.statusCode).toBe(201);
    expect(first.json().isAdmin).toBe(false);
    expect((await register(t, 'second@signup.test')).json().isAdmin).toBe(false);
    expect(await signUpOptions(t)).toEqual({ mode: 'open', adminPending: true });

    const owner = await register(t, 'Owner@SignUp.test');
    expect(owner.statusCode).toBe(201);
    expect(owner.json()).toMatchObject({ email: 'owner@signup.test', isAdmin: true });
    expect(await signUpOptions(t)).toEqual({ mode: 'open', adminPending: false });
    expect((await register(t, 'later@signup.test')).json().isAdmin).toBe(false);
  });
});

describe('the first account of an open server without ADMIN_EMAIL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is the one administrator even when several sign up at the same moment', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => register(t, `racer-${i}@signup.test`)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    expect(responses.filter((response) => response.json().isAdmin)).toHaveLength(1);
  });
});

describe('SIGNUP=closed with ADMIN_EMAIL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminEmail: 'boss@closed.test', signup: 'closed' });
  });
  afterAll(() => t?.close());

  it('lets only the named administrator register, with or without an administrator already', async () => {
    expect(await signUpOptions(t)).toEqual({ mode: 'closed', adminPending: true });
    const stranger = await register(t, 'stranger@closed.test');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ message: SIGN_UP_CLOSED });
    expect(sessionCookie(stranger)).toBeUndefined();

    const boss = await register(t, 'boss@closed.test');
    expect(boss.statusCode).toBe(201);
    expect(boss.json().isAdmin).toBe(true);
    expect(await signUpOptions(t)).toEqual({ mode: 'closed', adminPending: false });
    expect((await register(t, 'stranger@closed.test')).json()).toEqual({ message: SIGN_UP_CLOSED });

    // Nobody could use an invitation here: the administrator is told so instead of sending one.
    const invite = await postJson(
      t.app,
      '/api/admin/invitations',
      { email: 'friend@closed.test' },
      sessionCookie(boss),
    );
    expect(invite.statusCode).toBe(409);
    expect(invite.json()).toEqual({ message: INVITE_WHILE_CLOSED_MESSAGE });
  });
});

describe('SIGNUP=closed without ADMIN_EMAIL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ signup: 'closed' });
  });
  afterAll(() => t?.close());

  it('lets the first account in, as the administrator, and nobody after it', async () => {
    const responses = await Promise.all(Array.from({ length: 4 }, (_, i) => register(t, `first-${i}@closed.test`)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 403, 403, 403]);
    const admitted = responses.find((response) => response.statusCode === 201);
    expect(admitted?.json().isAdmin).toBe(true);
    for (const refused of responses.filter((response) => response.statusCode === 403)) {
      expect(refused.json()).toEqual({ message: SIGN_UP_CLOSED });
    }
    expect((await register(t, 'late@closed.test')).statusCode).toBe(403);
  });
});
