import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, users } from '../../db/schema';
import { createTestApp, getCurrentUser, postJson, registerUser } from '../../test/app';

// Stripe billing against the real app: webhooks signed with a test secret (as Stripe signs them), and cancelling
// against a local server that follows Stripe's documented API (POST /v1/subscriptions/{id}, form-encoded).

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
const SECRET_KEY = 'sk_test_localreach';
const PERIOD_END = 1_798_761_600; // 2027-01-01T00:00:00Z
const BILLING = { stripeWebhookSecret: WEBHOOK_SECRET, stripePaymentLink: 'https://buy.stripe.com/test_abc' };

type StripeCall = { method: string; path: string; authorization?: string; form: URLSearchParams };

/** Stripe's subscriptions API as documented: retrieve and update, form-encoded, Bearer key, its error shape. */
function startStripePeer() {
  const calls: StripeCall[] = [];
  const subscriptions = new Map<string, { cancel_at_period_end: boolean }>([
    ['sub_live_1', { cancel_at_period_end: false }],
  ]);
  const readBody = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    return text;
  };
  const server: Server = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    const path = request.url ?? '';
    calls.push({ method: request.method ?? '', path, authorization: request.headers.authorization, form });
    const json = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${SECRET_KEY}`)
      return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const id = /^\/v1\/subscriptions\/([^/?]+)$/.exec(path)?.[1];
    const subscription = id ? subscriptions.get(id) : undefined;
    if (!id || !subscription)
      return json(404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${id}'` },
      });
    if (request.method === 'POST' && form.has('cancel_at_period_end'))
      subscription.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
    json(200, subscriptionObject(id, 'active', subscription));
  });
  return new Promise<{ url: string; calls: StripeCall[]; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        calls,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

function subscriptionObject(id: string, status: string, extra: { cancel_at_period_end?: boolean } = {}) {
  return {
    id,
    object: 'subscription',
    customer: 'cus_1',
    status,
    cancel_at_period_end: extra.cancel_at_period_end ?? false,
    cancel_at: null,
    items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_end: PERIOD_END }] },
  };
}

let eventNumber = 0;
const stripeEvent = (type: string, object: object, created = Math.floor(Date.now() / 1000)) => ({
  id: `evt_test_${++eventNumber}`,
  object: 'event',
  type,
  created,
  data: { object },
});

let peer: Awaited<ReturnType<typeof startStripePeer>>;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  peer = await startStripePeer();
  t = await createTestApp({ billing: { ...BILLING, stripeSecretKey: SECRET_KEY, stripeApiUrl: peer.url } });
  await registerUser(t.app, 'admin@billing.test'); // the first account is the administrator
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

/** Delivers a webhook as Stripe does: the JSON body, signed over its exact bytes. */
function deliver(event: object, options: { secret?: string; timestamp?: number; tamper?: boolean } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    payload: options.tamper ? payload.replace('"cus_1"', '"cus_attacker"') : payload,
  });
}

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function signUp(email: string) {
  const token = await registerUser(t.app, email);
  const id = (await getCurrentUser(t.app, token)).json().id as string;
  return { token, id };
}

/** Writes `values` to the user row `id`, as a change made by hand. */
const setUser = (db: typeof t.database.db, id: string, values: Partial<typeof users.$inferInsert>) =>
  db.update(users).set(values).where(eq(users.id, id));

/** A signed-up user Stripe bills: an active subscription `sub_<name>` of the customer `cus_<name>`. Answers their id. */
async function activeSubscriber(email: string, name: string) {
  const { id } = await signUp(email);
  await setUser(t.database.db, id, {
    subscriptionStatus: 'active',
    stripeSubscriptionId: `sub_${name}`,
    stripeCustomerId: `cus_${name}`,
  });
  return id;
}

const checkoutCompleted = (userId: string, subscription: string | null = 'sub_live_1') =>
  stripeEvent('checkout.session.completed', {
    id: 'cs_test_1',
    object: 'checkout.session',
    client_reference_id: userId,
    customer: 'cus_1',
    subscription,
    payment_status: 'paid',
  });

describe('Subscribe', () => {
  it('opens the payment link with the user’s id and email, and names whom to ask', async () => {
    const { token, id } = await signUp('subscriber@billing.test');
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/subscription',
      headers: { cookie: `lr_session=${token}` },
    });
    expect(details.statusCode).toBe(200);
    const url = new URL(details.json().subscribeUrl);
    expect(url.origin + url.pathname).toBe('https://buy.stripe.com/test_abc');
    expect(url.searchParams.get('client_reference_id')).toBe(id);
    expect(url.searchParams.get('prefilled_email')).toBe('subscriber@billing.test');
    expect(details.json()).toMatchObject({ subscriptionStatus: 'trial', billingContact: 'admin@billing.test' });
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('applies a signed checkout: the user is active with Stripe’s ids and the paid period’s end', async () => {
    const { token, id } = await signUp('paid@billing.test');
    const response = await deliver(checkoutCompleted(id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, applied: true });
    expect((await getCurrentUser(t.app, token)).json().subscriptionStatus).toBe('active');
    const row = await userRow(id);
    expect(row).toMatchObject({ stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_live_1' });
    expect(row.subscriptionPeriodEnd?.getTime()).toBe(PERIOD_END * 1000);
    expect(peer.calls.some((call) => call.method === 'GET' && call.path === '/v1/subscriptions/sub_live_1')).toBe(true);
  });

  it('refuses a tampered body, a wrong secret, a missing signature and a stale timestamp, changing nothing', async () => {
    const { id } = await signUp('tampered@billing.test');
    const event = stripeEvent('customer.subscription.updated', subscriptionObject('sub_x', 'active'));
    const tampered = await deliver(checkoutCompleted(id), { tamper: true });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toMatch(/^Invalid Stripe signature/);
    expect((await deliver(checkoutCompleted(id), { tamper: false, secret: 'whsec_other' })).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    const stale = await deliver(checkoutCompleted(id), { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toContain('Timestamp outside the tolerance zone');
    expect((await userRow(id)).subscriptionStatus).toBe('trial');
  });

  it('applies a replayed event once', async () => {
    const id = await activeSubscriber('replayed@billing.test', 'replay');
    const cancelling = stripeEvent('customer.subscription.updated', {
      ...subscriptionObject('sub_replay', 'active', { cancel_at_period_end: true }),
      customer: 'cus_replay',
    });
    expect((await deliver(cancelling)).json()).toEqual({ received: true, applied: true });
    expect((await userRow(id)).subscriptionStatus).toBe('cancelled');

    // Changed since by hand (no newer Stripe event): Stripe's retry of the same delivery must not undo that.
    await setUser(t.database.db, id, { subscriptionStatus: 'active', subscriptionEventAt: null });
    const replay = await deliver(cancelling);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, applied: false });
    expect((await userRow(id)).subscriptionStatus).toBe('active');
    const recorded = await t.database.db.select().from(billingEvents).where(eq(billingEvents.id, cancelling.id));
    expect(recorded).toHaveLength(1);
  });

  it('never lets an older event overwrite a newer state', async () => {
    const id = await activeSubscriber('ordered@billing.test', 'order');
    const created = Math.floor(Date.now() / 1000);
    const object = { ...subscriptionObject('sub_order', 'canceled'), customer: 'cus_order' };
    const deleted = stripeEvent('customer.subscription.deleted', object, created);
    const olderUpdate = stripeEvent(
      'customer.subscription.updated',
      { ...subscriptionObject('sub_order', 'active'), customer: 'cus_order' },
      created - 60,
    );
    expect((await deliver(deleted)).json().applied).toBe(true);
    expect((await userRow(id)).subscriptionStatus).toBe('expired');
    const late = await deliver(olderUpdate);
    expect(late.statusCode).toBe(200);
    expect(late.json().applied).toBe(false);
    expect((await userRow(id)).subscriptionStatus).toBe('expired');
  });

  it('keeps a subscription whose payment failed active until its period ends', async () => {
    const { token, id } = await signUp('failed-payment@billing.test');
    await deliver(checkoutCompleted(id));
    const failed = await deliver(
      stripeEvent('invoice.payment_failed', { id: 'in_1', object: 'invoice', customer: 'cus_1' }),
    );
    expect(failed.statusCode).toBe(200);
    expect((await getCurrentUser(t.app, token)).json().subscriptionStatus).toBe('active');
  });
});

describe('POST /api/subscription/cancel', () => {
  it('cancels at Stripe at the period’s end, and keeps access until then', async () => {
    const { token, id } = await signUp('cancel@billing.test');
    await deliver(checkoutCompleted(id));
    peer.calls.length = 0;
    const response = await postJson(t.app, '/api/subscription/cancel', undefined, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().subscriptionStatus).toBe('cancelled');
    expect(peer.calls).toHaveLength(1);
    expect(peer.calls[0]).toMatchObject({ method: 'POST', path: '/v1/subscriptions/sub_live_1' });
    expect(peer.calls[0].authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(peer.calls[0].form.get('cancel_at_period_end')).toBe('true');
    expect((await userRow(id)).subscriptionPeriodEnd?.getTime()).toBe(PERIOD_END * 1000);

    const again = await postJson(t.app, '/api/subscription/cancel', undefined, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Your subscription is already cancelled.');
  });

  it('says so when Stripe refuses, and changes nothing', async () => {
    const { token, id } = await signUp('unknown-sub@billing.test');
    await setUser(t.database.db, id, { subscriptionStatus: 'active', stripeSubscriptionId: 'sub_missing' });
    const response = await postJson(t.app, '/api/subscription/cancel', undefined, token);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain("No such subscription: 'sub_missing'");
    expect((await userRow(id)).subscriptionStatus).toBe('active');
  });

  it('names no key to the subscriber when Stripe refuses this server’s key', async () => {
    const wrongKey = await createTestApp({
      billing: { ...BILLING, stripeSecretKey: 'sk_test_wrong', stripeApiUrl: peer.url },
    });
    try {
      await registerUser(wrongKey.app, 'admin@wrong-key.test');
      const token = await registerUser(wrongKey.app, 'subscriber@wrong-key.test');
      const { id } = (await getCurrentUser(wrongKey.app, token)).json();
      await setUser(wrongKey.database.db, id, { subscriptionStatus: 'active', stripeSubscriptionId: 'sub_live_1' });
      const response = await postJson(wrongKey.app, '/api/subscription/cancel', undefined, token);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        message:
          'Billing is not set up correctly on this server, so nothing was changed. Ask your administrator to check it.',
      });
    } finally {
      await wrongKey.close();
    }
  });

  it('is a 400 for a user with nothing to cancel', async () => {
    const { token } = await signUp('trial-cancel@billing.test');
    const response = await postJson(t.app, '/api/subscription/cancel', undefined, token);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You have no paid subscription to cancel.');
  });
});

describe('without Stripe configured', () => {
  let bare: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    bare = await createTestApp();
    await registerUser(bare.app, 'owner@bare.test');
  });
  afterAll(() => bare?.close());

  it('has no payment link, names the administrator, and refuses webhooks', async () => {
    const token = await registerUser(bare.app, 'someone@bare.test');
    const details = await bare.app.inject({
      method: 'GET',
      url: '/api/subscription',
      headers: { cookie: `lr_session=${token}` },
    });
    expect(details.json()).toMatchObject({ subscribeUrl: null, billingContact: 'owner@bare.test' });
    const webhook = await bare.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(404);
  });

  it('cancels a status set by hand, but not a Stripe subscription it cannot reach', async () => {
    const token = await registerUser(bare.app, 'by-hand@bare.test');
    const id = (await getCurrentUser(bare.app, token)).json().id as string;
    const periodEnd = new Date(Date.now() + 10 * 86_400_000);
    await setUser(bare.database.db, id, { subscriptionStatus: 'active', subscriptionPeriodEnd: periodEnd });
    const cancelled = await postJson(bare.app, '/api/subscription/cancel', undefined, token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().subscriptionStatus).toBe('cancelled');
    expect((await getCurrentUser(bare.app, token)).json().subscriptionStatus).toBe('cancelled');

    await setUser(bare.database.db, id, { subscriptionStatus: 'active', stripeSubscriptionId: 'sub_elsewhere' });
    const refused = await postJson(bare.app, '/api/subscription/cancel', undefined, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Billing is not set up on this server, so the subscription cannot be cancelled here. Ask owner@bare.test to cancel it.',
    );
  });
});
