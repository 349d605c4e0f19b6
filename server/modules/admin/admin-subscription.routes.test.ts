import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminUserRow,
  BILLING_BY_STRIPE_MESSAGE,
  EXPIRED_HAS_NO_END_MESSAGE,
  PERIOD_END_PAST_MESSAGE,
} from '../../../contract/admin';
import { SENDING_BLOCKED_MESSAGE } from '../../../contract/subscription';
import { users } from '../../db/schema';
import { createTestApp, getCurrentUser, postJson, registerUser } from '../../test/app';

// An admin sets subscriptions by hand on a server without Stripe (docs/decisions/0019); the user's own reads and
// sending follow at once. With Stripe configured, Stripe keeps them and the admin is told so.

const DAY = 86_400_000;
let now = new Date('2026-11-23T10:00:00Z');
const clock = { now: () => now };
let t: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  adminToken = await registerUser(t.app, 'admin@hand-billing.test'); // the first account is the admin
});
afterAll(() => t?.close());

const setSubscription = (token: string | undefined, userId: string, body: unknown) =>
  postJson(t.app, `/api/admin/users/${userId}/subscription`, body, token);
const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
const storedUser = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

/** A fresh user (in trial) with their session. */
async function signUp(email: string) {
  const token = await registerUser(t.app, email);
  return { token, id: (await getCurrentUser(t.app, token)).json().id as string };
}

/** What the user sees of themselves, and whether they may start a campaign (an empty one: 400 when allowed). */
async function asTheUserSees(token: string) {
  const me = (await getCurrentUser(t.app, token)).json();
  const send = await call(token, 'POST', '/api/campaigns/send-mass-email', {});
  return { status: me.subscriptionStatus, trialEndDate: me.trialEndDate, sendStatus: send.statusCode, send };
}

describe('setting a subscription by hand, for anyone but an admin', () => {
  it('answers 401 signed out and 403 to a user, and changes nothing', async () => {
    const user = await signUp('not-admin@hand-billing.test');
    userToken = user.token;
    expect((await setSubscription(undefined, user.id, { status: 'active' })).statusCode).toBe(401);
    const denied = await setSubscription(user.token, user.id, { status: 'active' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: 'You do not have permission to access this page.' });
    expect((await call(user.token, 'GET', '/api/admin/billing')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/billing' })).statusCode).toBe(401);
    expect((await storedUser(user.id)).subscriptionStatus).toBe('trial');
  });
});

describe('POST /api/admin/users/{id}/subscription without Stripe', () => {
  it('says billing is not configured', async () => {
    const response = await call(adminToken, 'GET', '/api/admin/billing');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ configured: false });
  });

  it('sets active for 30 days by default, answers the admin row, and the user may send', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const user = await signUp('active@hand-billing.test');
    const response = await setSubscription(adminToken, user.id, { status: 'active' });
    expect(response.statusCode, response.body).toBe(200);
    const row: AdminUserRow = response.json();
    expect(row.user).toMatchObject({ id: user.id, email: 'active@hand-billing.test', isAdmin: false });
    expect(row.subscriptionStatus).toBe('active');
    expect(row.stats.totalLeads).toBe(0);
    const stored = await storedUser(user.id);
    expect(stored.subscriptionPeriodEnd).toEqual(new Date(now.getTime() + 30 * DAY));
    expect(stored.stripeSubscriptionId).toBeNull();

    const seen = await asTheUserSees(user.token);
    expect(seen.status).toBe('active');
    expect(seen.sendStatus).toBe(400);
    const listed: AdminUserRow[] = (await call(adminToken, 'GET', '/api/admin/users')).json();
    expect(listed.find((each) => each.user.id === user.id)?.subscriptionStatus).toBe('active');
  });

  it('keeps an active end given, and refuses one already past without changing anything', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const user = await signUp('active-until@hand-billing.test');
    const periodEnd = '2027-01-15T00:00:00.000Z';
    expect((await setSubscription(adminToken, user.id, { status: 'active', periodEnd })).statusCode).toBe(200);
    expect((await storedUser(user.id)).subscriptionPeriodEnd).toEqual(new Date(periodEnd));
    const details = (await call(user.token, 'GET', '/api/subscription')).json();
    expect(details).toMatchObject({ subscriptionStatus: 'active', subscriptionPeriodEnd: periodEnd });

    for (const past of ['2026-11-23T10:00:00Z', '2026-01-01T00:00:00+02:00']) {
      const refused = await setSubscription(adminToken, user.id, { status: 'trial', periodEnd: past });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: PERIOD_END_PAST_MESSAGE });
    }
    expect((await setSubscription(adminToken, user.id, { status: 'active', periodEnd: 'soon' })).statusCode).toBe(400);
    expect((await storedUser(user.id)).subscriptionStatus).toBe('active');
  });

  it('sets expired, and the user is refused sending with 402 until set active again', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const user = await signUp('expired@hand-billing.test');
    const response = await setSubscription(adminToken, user.id, { status: 'expired' });
    expect(response.json().subscriptionStatus).toBe('expired');
    const seen = await asTheUserSees(user.token);
    expect(seen.status).toBe('expired');
    expect(seen.sendStatus).toBe(402);
    expect(seen.send.json()).toEqual({ message: SENDING_BLOCKED_MESSAGE });

    const withEnd = await setSubscription(adminToken, user.id, {
      status: 'expired',
      periodEnd: '2027-01-01T00:00:00Z',
    });
    expect(withEnd.statusCode).toBe(400);
    expect(withEnd.json()).toEqual({ message: EXPIRED_HAS_NO_END_MESSAGE });

    await setSubscription(adminToken, user.id, { status: 'active' });
    expect((await asTheUserSees(user.token)).sendStatus).toBe(400);
  });

  it('sets a trial of 14 days by default, or to the end given, which then expires on time', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const user = await signUp('trial@hand-billing.test');
    await setSubscription(adminToken, user.id, { status: 'expired' });
    expect((await setSubscription(adminToken, user.id, { status: 'trial' })).json().subscriptionStatus).toBe('trial');
    let seen = await asTheUserSees(user.token);
    expect(seen).toMatchObject({ status: 'trial', trialEndDate: '2026-12-07T10:00:00.000Z', sendStatus: 400 });

    await setSubscription(adminToken, user.id, { status: 'trial', periodEnd: '2026-11-25T10:00:00Z' });
    expect((await storedUser(user.id)).trialEndDate).toEqual(new Date('2026-11-25T10:00:00Z'));
    now = new Date('2026-11-25T10:00:01Z');
    seen = await asTheUserSees(user.token);
    expect(seen).toMatchObject({ status: 'expired', sendStatus: 402 });
  });

  it('cancels with access until the paid period ends, then the user is expired', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const user = await signUp('cancelled@hand-billing.test');
    await setSubscription(adminToken, user.id, { status: 'active', periodEnd: '2026-11-26T10:00:00Z' });
    const response = await setSubscription(adminToken, user.id, { status: 'cancelled' });
    expect(response.json().subscriptionStatus).toBe('cancelled');
    expect((await storedUser(user.id)).subscriptionPeriodEnd).toEqual(new Date('2026-11-26T10:00:00Z'));
    expect(await asTheUserSees(user.token)).toMatchObject({ status: 'cancelled', sendStatus: 400 });

    now = new Date('2026-11-26T10:00:01Z');
    expect(await asTheUserSees(user.token)).toMatchObject({ status: 'expired', sendStatus: 402 });
  });

  it('cancels with no paid period running as a cancellation that stays until changed by hand', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const user = await signUp('cancelled-open@hand-billing.test');
    await setSubscription(adminToken, user.id, { status: 'cancelled' });
    expect((await storedUser(user.id)).subscriptionPeriodEnd).toBeNull();
    now = new Date('2026-11-29T10:00:00Z');
    expect(await asTheUserSees(user.token)).toMatchObject({ status: 'cancelled', sendStatus: 400 });
  });

  it('makes a status Stripe once kept a hand-set one, which the user may then cancel here', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const user = await signUp('was-stripe@hand-billing.test');
    await t.database.db
      .update(users)
      .set({ subscriptionStatus: 'active', stripeCustomerId: 'cus_old', stripeSubscriptionId: 'sub_old' })
      .where(eq(users.id, user.id));
    expect((await call(user.token, 'POST', '/api/subscription/cancel')).statusCode).toBe(400);

    await setSubscription(adminToken, user.id, { status: 'active' });
    const cancelled = await call(user.token, 'POST', '/api/subscription/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().subscriptionStatus).toBe('cancelled');
    expect(await storedUser(user.id)).toMatchObject({ stripeCustomerId: 'cus_old', stripeSubscriptionId: null });
  });

  it('answers 404 for a user that does not exist and 400 for a status that is not one', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nobody']) {
      const response = await setSubscription(adminToken, id, { status: 'active' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'User not found' });
    }
    const user = (await getCurrentUser(t.app, userToken)).json();
    expect((await setSubscription(adminToken, user.id, { status: 'paid' })).statusCode).toBe(400);
    expect((await setSubscription(adminToken, user.id, {})).statusCode).toBe(400);
  });
});

describe('POST /api/admin/users/{id}/subscription with Stripe configured', () => {
  let stripeApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    stripeApp = await createTestApp({
      billing: { stripeSecretKey: 'sk_test_admin', stripeApiUrl: 'http://127.0.0.1:9' },
    });
  });
  afterAll(() => stripeApp?.close());

  it('answers 409 saying Stripe keeps subscriptions, and changes nothing', async () => {
    const admin = await registerUser(stripeApp.app, 'admin@stripe-billing.test');
    const userToken = await registerUser(stripeApp.app, 'user@stripe-billing.test');
    const userId = (await getCurrentUser(stripeApp.app, userToken)).json().id as string;
    const billing = await stripeApp.app.inject({
      method: 'GET',
      url: '/api/admin/billing',
      headers: { cookie: `lr_session=${admin}` },
    });
    expect(billing.json()).toEqual({ configured: true });

    for (const status of ['trial', 'active', 'cancelled', 'expired']) {
      const response = await postJson(stripeApp.app, `/api/admin/users/${userId}/subscription`, { status }, admin);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: BILLING_BY_STRIPE_MESSAGE });
    }
    expect((await getCurrentUser(stripeApp.app, userToken)).json().subscriptionStatus).toBe('trial');
  });
});
