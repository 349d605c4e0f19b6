import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, webhookEventDataSchemas } from '../../../contract/webhook-events';
import { WEBHOOK_SAMPLES } from '../../../contract/webhook-samples';
import { queryRows } from '../../db/client';
import { createTestApp, registerUser } from '../../test/app';

const t = await createTestApp();
const { app } = t;
// The same app with the address guard as installed: no private hosts.
const guarded = await createTestApp({ webhookAllowPrivateHosts: false });
afterAll(async () => {
  await t.close();
  await guarded.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const withSession = (method: Method, url: string, session: string, payload?: object, on = app) =>
  on.inject({ method, url, payload, headers: { cookie: `lr_session=${session}` } });
const withKey = (method: Method, url: string, key: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });
const makeKey = async (session: string, scopes: string[]) =>
  (await withSession('POST', '/api/api-keys', session, { name: 'Zapier', scopes })).json().key as string;

describe('webhook endpoints', () => {
  it('are made with a Standard Webhooks secret, listed, changed and removed by their owner only', async () => {
    const owner = await registerUser(app, 'hooks-owner@example.com');
    const other = await registerUser(app, 'hooks-other@example.com');
    const created = await withSession('POST', '/api/webhooks', owner, {
      url: 'http://127.0.0.1:9/crm',
      events: ['lead.created', 'email.replied'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json();
    expect(endpoint).toMatchObject({
      url: 'http://127.0.0.1:9/crm',
      events: ['lead.created', 'email.replied'],
      disabledAt: null,
      failingSince: null,
    });
    // whsec_ and the base64 of 24 bytes, as Standard Webhooks' libraries take it.
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const [stored] = await queryRows<{ secret_encrypted: string }>(
      t.database.db,
      sql`SELECT secret_encrypted FROM webhook_endpoints WHERE id = ${endpoint.id}`,
    );
    expect(stored.secret_encrypted).not.toContain(endpoint.secret.slice(6));

    expect((await withSession('GET', '/api/webhooks', owner)).json()).toEqual([endpoint]);
    expect((await withSession('GET', '/api/webhooks', other)).json()).toEqual([]);

    const id = endpoint.id;
    for (const [method, url, payload] of [
      ['PATCH', `/api/webhooks/${id}`, { events: ['lead.updated'] }],
      ['DELETE', `/api/webhooks/${id}`, undefined],
      ['GET', `/api/webhooks/${id}/deliveries`, undefined],
      ['POST', `/api/webhooks/${id}/test`, {}],
    ] as const) {
      const refused = await withSession(method, url, other, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(404);
      expect(refused.json()).toEqual({ message: 'Webhook endpoint not found' });
    }

    const changed = await withSession('PATCH', `/api/webhooks/${id}`, owner, { events: ['lead.updated'] });
    expect(changed.json()).toMatchObject({ id, events: ['lead.updated'] });
    expect((await withSession('DELETE', `/api/webhooks/${id}`, owner)).statusCode).toBe(204);
    expect((await withSession('GET', '/api/webhooks', owner)).json()).toEqual([]);
  });

  it('refuse an unknown event, an unknown field and an address that is not a web address, in words', async () => {
    const owner = await registerUser(app, 'hooks-refused@example.com');
    const unknownEvent = await withSession('POST', '/api/webhooks', owner, {
      url: 'http://127.0.0.1:9/x',
      events: ['lead.exploded'],
    });
    expect(unknownEvent.statusCode).toBe(400);
    expect(unknownEvent.json().message).toContain('lead.exploded');
    const unknownField = await withSession('POST', '/api/webhooks', owner, {
      url: 'http://127.0.0.1:9/x',
      events: ['lead.created'],
      target_url: 'http://127.0.0.1:9/y',
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().message).toContain('target_url');
    for (const url of ['ftp://example.com/x', 'not an address', 'http://user:pw@example.com/x']) {
      const refused = await withSession('POST', '/api/webhooks', owner, { url, events: ['lead.created'] });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message).not.toMatch(/ERR_|Error/);
    }
  });

  it('refuse loopback, private and metadata addresses unless allowed, and metadata always', async () => {
    const owner = await registerUser(guarded.app, 'hooks-guard@example.com');
    const guardedAllowed = await registerUser(app, 'hooks-guard-allowed@example.com');
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://10.1.2.3/hook',
      'http://192.168.1.20/hook',
      'http://[::1]/hook',
      'http://2130706433/hook', // 127.0.0.1 spelled as one number
      'http://169.254.169.254/latest/meta-data',
      'http://localhost/hook',
    ]) {
      const refused = await withSession('POST', '/api/webhooks', owner, { url, events: ['lead.created'] }, guarded.app);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message).toMatch(/private or internal address|could not be found/);
    }
    // WEBHOOK_ALLOW_PRIVATE_HOSTS=1 (the test app) opens loopback and private networks, never metadata.
    const metadata = await withSession('POST', '/api/webhooks', guardedAllowed, {
      url: 'http://169.254.169.254/latest/meta-data',
      events: ['lead.created'],
    });
    expect(metadata.statusCode).toBe(400);
    const privateNetwork = await withSession('POST', '/api/webhooks', guardedAllowed, {
      url: 'http://10.1.2.3/hook',
      events: ['lead.created'],
    });
    expect(privateNetwork.statusCode).toBe(201);
  });

  it('are REST hooks for a key that may write everything, and closed to other keys', async () => {
    const owner = await registerUser(app, 'hooks-rest@example.com');
    const writer = await makeKey(owner, ['write']);
    const leadsWriter = await makeKey(owner, ['leads:write', 'read']);
    const subscribed = await withKey('POST', '/api/webhooks', writer, {
      url: 'http://127.0.0.1:9/zap',
      events: ['email.replied'],
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    expect(subscribed.json()).toMatchObject({ id: expect.any(Number), url: 'http://127.0.0.1:9/zap' });
    expect(subscribed.json().secret).toMatch(/^whsec_/);
    for (const [method, url] of [
      ['POST', '/api/webhooks'],
      ['GET', '/api/webhooks'],
      ['DELETE', `/api/webhooks/${subscribed.json().id}`],
    ] as const) {
      const refused = await withKey(
        method,
        url,
        leadsWriter,
        method === 'POST' ? { url: 'http://127.0.0.1:9/z', events: ['lead.created'] } : undefined,
      );
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().message).toContain('"write"');
    }
    expect((await withKey('DELETE', `/api/webhooks/${subscribed.json().id}`, writer)).statusCode).toBe(204);
    expect((await withKey('GET', '/api/webhooks', writer)).json()).toEqual([]);
  });

  it('send a test event: a documented sample of the chosen event, marked as a test, queued at once', async () => {
    const owner = await registerUser(app, 'hooks-test@example.com');
    const { id } = (
      await withSession('POST', '/api/webhooks', owner, {
        url: 'http://127.0.0.1:9/x',
        events: ['email.opened', 'lead.created'],
      })
    ).json();
    const first = await withSession('POST', `/api/webhooks/${id}/test`, owner, {});
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({ type: 'email.opened', status: 'pending', attempts: 0 });
    expect(first.json().payload.data).toMatchObject({ ...WEBHOOK_SAMPLES['email.opened'], test: true });
    const chosen = await withSession('POST', `/api/webhooks/${id}/test`, owner, { type: 'meeting.booked' });
    expect(chosen.json().type).toBe('meeting.booked');
    const log = (await withSession('GET', `/api/webhooks/${id}/deliveries`, owner)).json();
    expect(log.map((delivery: { type: string }) => delivery.type)).toEqual(['meeting.booked', 'email.opened']);
    const [{ jobs }] = await queryRows<{ jobs: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS jobs FROM pgboss.job WHERE name = 'webhooks.deliver'
          AND (data->>'deliveryId')::int IN (${first.json().id}, ${chosen.json().id})`,
    );
    expect(jobs).toBe(2);
  });
});

describe('the event catalogue', () => {
  it('has a documented sample of every event that its schema accepts', () => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      expect(() => webhookEventDataSchemas[type].parse(WEBHOOK_SAMPLES[type]), type).not.toThrow();
    }
  });
});

describe('the delivery log', () => {
  it('keeps settled deliveries for 30 days, and those still being tried however old', async () => {
    const owner = await registerUser(app, 'hooks-prune@example.com');
    const { id } = (
      await withSession('POST', '/api/webhooks', owner, { url: 'http://127.0.0.1:9/x', events: ['lead.created'] })
    ).json();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await withSession('POST', `/api/webhooks/${id}/test`, owner, {})).json().id);
    const [old, oldRetrying, recent] = ids;
    await t.database.db.execute(
      sql`UPDATE webhook_deliveries SET created_at = now() - interval '31 days', status = 'delivered' WHERE id = ${old}`,
    );
    await t.database.db.execute(
      sql`UPDATE webhook_deliveries SET created_at = now() - interval '31 days', status = 'retrying' WHERE id = ${oldRetrying}`,
    );
    expect(await t.container.services.webhooks.pruneDeliveries()).toBe(1);
    const left = (await withSession('GET', `/api/webhooks/${id}/deliveries`, owner)).json();
    expect(left.map((delivery: { id: number }) => delivery.id).sort()).toEqual([oldRetrying, recent].sort());
  });
});
