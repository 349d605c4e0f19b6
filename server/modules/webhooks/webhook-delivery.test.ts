import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_SAMPLES } from '../../../contract/webhook-samples';
import { type Container, createContainer } from '../../container';
import { queryRows } from '../../db/client';
import { createTestApp, registerUser, testConfig } from '../../test/app';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { DELIVERY_RETRY_HOURS, ENDPOINT_DISABLE_DAYS, WebhookRetryError } from './webhook-delivery';

// Receivers check the signed timestamp against their own clock (5 minutes' tolerance): the test's clock starts now.
let now = new Date(Math.floor(Date.now() / 1000) * 1000);
const clock = { now: () => now };
const smtp: SmtpPeer = await startSmtpPeer();
const systemMail = {
  smtpUrl: `smtp://${encodeURIComponent(smtp.user)}:${smtp.password}@${smtp.host}:${smtp.port}`,
  from: 'LocalReach <no-reply@reach.test>',
};
const t = await createTestApp({ systemMail }, { clock });
const { app } = t;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.stop();
  await t.close();
  await smtp.stop();
});

const withSession = (method: 'GET' | 'POST' | 'PATCH', url: string, session: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie: `lr_session=${session}` } });

async function endpointFor(session: string, events: string[], url = receiver.url) {
  const response = await withSession('POST', '/api/webhooks', session, { url, events });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; secret: string };
}

const userIdOf = async (email: string) =>
  (await queryRows<{ id: string }>(t.database.db, sql`SELECT id FROM users WHERE email = ${email}`))[0].id;

const deliveryRow = async (id: number) =>
  (
    await queryRows<{ status: string; attempts: number; status_code: number | null; error: string | null }>(
      t.database.db,
      sql`SELECT status, attempts, status_code, error FROM webhook_deliveries WHERE id = ${id}`,
    )
  )[0];

/** A worker process's container on the test database: it takes the delivery jobs the web side queued. */
async function startWorker(): Promise<Container> {
  const worker = await createContainer({ ...testConfig, systemMail }, t.database, { clock, runsWorkers: true });
  await worker.jobs.startWorkers({ services: worker.services, log: { info() {}, warn() {} } });
  return worker;
}

describe('webhook delivery', () => {
  it('posts each event signed as Standard Webhooks says, verified by the receiver library, and logs it', async () => {
    const owner = await registerUser(app, 'deliver-signed@example.com');
    const endpoint = await endpointFor(owner, ['lead.created']);
    receiver.secret = endpoint.secret;
    receiver.received.length = 0;
    const worker = await startWorker();
    try {
      const test = (await withSession('POST', `/api/webhooks/${endpoint.id}/test`, owner, {})).json();
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
      const [arrived] = receiver.received;
      expect(arrived.headers['webhook-id']).toBe(test.eventId);
      expect(arrived.headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
      expect(arrived.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
      expect(arrived.headers['content-type']).toBe('application/json');
      expect(arrived.verified).toEqual({
        type: 'lead.created',
        timestamp: now.toISOString(),
        data: { ...WEBHOOK_SAMPLES['lead.created'], test: true },
      });
      await expect
        .poll(async () => (await withSession('GET', `/api/webhooks/${endpoint.id}/deliveries`, owner)).json()[0])
        .toMatchObject({ status: 'delivered', attempts: 1, statusCode: 200, responseExcerpt: 'ok, thanks' });

      // A resend carries the same event id: a receiver that has it already drops it.
      const resent = await withSession('POST', `/api/webhooks/${endpoint.id}/deliveries/${test.id}/resend`, owner);
      expect(resent.statusCode, resent.body).toBe(202);
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
      expect(receiver.received[1].headers['webhook-id']).toBe(test.eventId);
      expect(receiver.received[1].verified).not.toBeNull();
    } finally {
      await worker.close();
    }
  });

  it('reaches a receiver that failed once (500 then 200) on the retry, with the same event id', async () => {
    const owner = await registerUser(app, 'deliver-retry@example.com');
    const endpoint = await endpointFor(owner, ['lead.created']);
    receiver.secret = endpoint.secret;
    receiver.received.length = 0;
    receiver.answerNext(500);
    const worker = await startWorker();
    try {
      const test = (await withSession('POST', `/api/webhooks/${endpoint.id}/test`, owner, {})).json();
      await expect
        .poll(() => deliveryRow(test.id), { timeout: 15_000 })
        .toMatchObject({
          status: 'retrying',
          attempts: 1,
          status_code: 500,
          error: 'The endpoint answered 500',
        });
      const jobState = async () =>
        (
          await queryRows<{ state: string }>(
            t.database.db,
            sql`SELECT state FROM pgboss.job WHERE name = 'webhooks.deliver' AND (data->>'deliveryId')::int = ${test.id}`,
          )
        )[0]?.state;
      await expect.poll(jobState).toBe('retry');
      // The queue's backoff wait, passed: the job is due now.
      await t.database.db.execute(
        sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'webhooks.deliver' AND state = 'retry'`,
      );
      await expect
        .poll(() => deliveryRow(test.id), { timeout: 15_000 })
        .toMatchObject({
          status: 'delivered',
          attempts: 2,
          status_code: 200,
          error: null,
        });
      expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([test.eventId, test.eventId]);
      const [state] = await queryRows<{ failing_since: Date | null }>(
        t.database.db,
        sql`SELECT failing_since FROM webhook_endpoints WHERE id = ${endpoint.id}`,
      );
      expect(state.failing_since).toBeNull();
    } finally {
      await worker.close();
    }
  });

  it('delivers an event committed while no worker ran, once a worker starts; a rolled-back change sends none', async () => {
    const owner = await registerUser(app, 'deliver-later@example.com');
    const endpoint = await endpointFor(owner, ['lead.created', 'lead.updated']);
    receiver.secret = endpoint.secret;
    receiver.received.length = 0;
    const userId = await userIdOf('deliver-later@example.com');
    const lead = { ...WEBHOOK_SAMPLES['lead.created'].lead, id: 1 };
    await t.database.db.transaction(async (tx) => {
      await t.container.services.webhookEvents.emit(tx, { userId, type: 'lead.created', data: { lead }, leadId: 1 });
    });
    await t.database.db
      .transaction(async (tx) => {
        await t.container.services.webhookEvents.emit(tx, { userId, type: 'lead.updated', data: { lead }, leadId: 1 });
        throw new Error('the change failed');
      })
      .catch(() => {});
    const [counted] = await queryRows<{ deliveries: number; jobs: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM webhook_deliveries WHERE endpoint_id = ${endpoint.id}) AS deliveries,
                 (SELECT count(*)::int FROM pgboss.job j JOIN webhook_deliveries d ON d.id = (j.data->>'deliveryId')::int
                  WHERE j.name = 'webhooks.deliver' AND d.endpoint_id = ${endpoint.id}) AS jobs`,
    );
    expect(counted).toEqual({ deliveries: 1, jobs: 1 });
    // The process that made the change is gone (this one runs no workers); a worker started later delivers it.
    const worker = await startWorker();
    try {
      const ofThisEndpoint = () => receiver.received.filter((request) => request.verified?.data.lead);
      await expect.poll(() => ofThisEndpoint().length, { timeout: 15_000 }).toBe(1);
      expect(ofThisEndpoint()[0].verified).toMatchObject({ type: 'lead.created', data: { lead } });
    } finally {
      await worker.close();
    }
  });

  it("delivers a lead's events one at a time, in the order of their changes, each once", async () => {
    const owner = await registerUser(app, 'deliver-order@example.com');
    const endpoint = await endpointFor(owner, ['lead.updated']);
    receiver.secret = endpoint.secret;
    receiver.received.length = 0;
    // A slow receiver: were two events of a lead sent at once, the later could overtake the earlier.
    receiver.delayMs = 40;
    const userId = await userIdOf('deliver-order@example.com');
    const base = WEBHOOK_SAMPLES['lead.updated'].lead;
    for (let version = 1; version <= 6; version++) {
      for (const leadId of [1, 2]) {
        await t.database.db.transaction((tx) =>
          t.container.services.webhookEvents.emit(tx, {
            userId,
            type: 'lead.updated',
            leadId,
            data: { lead: { ...base, id: leadId, company: `version ${version}` } },
          }),
        );
      }
    }
    const worker = await startWorker();
    try {
      const updates = () => receiver.received.filter((request) => request.verified?.type === 'lead.updated');
      await expect.poll(() => updates().length, { timeout: 20_000 }).toBe(12);
      for (const leadId of [1, 2]) {
        const versions = updates()
          .map((request) => request.verified?.data.lead as { id: number; company: string })
          .filter((lead) => lead.id === leadId)
          .map((lead) => lead.company);
        expect(versions).toEqual([1, 2, 3, 4, 5, 6].map((version) => `version ${version}`));
      }
      expect(new Set(updates().map((request) => request.headers['webhook-id'])).size).toBe(12);
    } finally {
      receiver.delayMs = 0;
      await worker.close();
    }
  });

  it('gives a failing delivery up after 24 hours of retries', async () => {
    const owner = await registerUser(app, 'deliver-give-up@example.com');
    const endpoint = await endpointFor(owner, ['lead.created']);
    receiver.secret = endpoint.secret;
    const test = (await withSession('POST', `/api/webhooks/${endpoint.id}/test`, owner, {})).json();
    const { webhookDeliverer } = t.container.services;
    const start = now;
    try {
      receiver.answerNext(503, 503);
      now = new Date(start.getTime() + 3600_000);
      await expect(webhookDeliverer.deliver(test.id)).rejects.toBeInstanceOf(WebhookRetryError);
      expect(await deliveryRow(test.id)).toMatchObject({ status: 'retrying', attempts: 1 });
      now = new Date(start.getTime() + DELIVERY_RETRY_HOURS * 3600_000 + 1000);
      expect(await webhookDeliverer.deliver(test.id)).toMatchObject({ outcome: 'failed' });
      expect(await deliveryRow(test.id)).toMatchObject({ status: 'failed', attempts: 2, status_code: 503 });
    } finally {
      now = start;
    }
  });

  it('turns off an endpoint failing for 3 days and tells its owner on the screen and by mail', async () => {
    const email = 'deliver-off@example.com';
    const owner = await registerUser(app, email);
    const endpoint = await endpointFor(owner, ['lead.created'], 'http://127.0.0.1:9/closed');
    const { webhookDeliverer } = t.container.services;
    const start = now;
    try {
      const first = (await withSession('POST', `/api/webhooks/${endpoint.id}/test`, owner, {})).json();
      await expect(webhookDeliverer.deliver(first.id)).rejects.toBeInstanceOf(WebhookRetryError);
      expect((await deliveryRow(first.id)).error).toBe('127.0.0.1:9 refused the connection');
      const [listed] = (await withSession('GET', '/api/webhooks', owner)).json();
      expect(listed).toMatchObject({ failingSince: start.toISOString(), disabledAt: null });

      now = new Date(start.getTime() + ENDPOINT_DISABLE_DAYS * 86_400_000 - 60_000);
      const second = (await withSession('POST', `/api/webhooks/${endpoint.id}/test`, owner, {})).json();
      await expect(webhookDeliverer.deliver(second.id)).rejects.toBeInstanceOf(WebhookRetryError);

      now = new Date(start.getTime() + ENDPOINT_DISABLE_DAYS * 86_400_000 + 60_000);
      const third = (await withSession('POST', `/api/webhooks/${endpoint.id}/test`, owner, {})).json();
      expect(await webhookDeliverer.deliver(third.id)).toMatchObject({ outcome: 'failed', disabledEndpoint: true });
      const [off] = (await withSession('GET', '/api/webhooks', owner)).json();
      expect(off.disabledAt).toBe(now.toISOString());
      expect(off.disabledReason).toContain('every delivery failed for 3 days');
      expect(off.disabledReason).toContain('refused the connection');
      await expect.poll(() => smtp.received.filter((mail) => mail.envelopeTo.includes(email)).length).toBe(1);
      const mail = smtp.received.find((received) => received.envelopeTo.includes(email))?.mail;
      expect(mail?.subject).toBe('LocalReach turned off a webhook endpoint');
      expect(mail?.text).toContain('http://127.0.0.1:9/closed');
      expect(mail?.text).toContain('/settings#webhooks');

      // Deliveries still queued for it end without a request; turned on again, it is tried once more.
      expect(await webhookDeliverer.deliver(second.id)).toMatchObject({ outcome: 'failed' });
      expect((await deliveryRow(second.id)).error).toBe('Not sent: the endpoint is turned off');
      const resend = await withSession('POST', `/api/webhooks/${endpoint.id}/deliveries/${first.id}/resend`, owner);
      expect(resend.statusCode).toBe(409);
      const on = (await withSession('PATCH', `/api/webhooks/${endpoint.id}`, owner, { enabled: true })).json();
      expect(on).toMatchObject({ disabledAt: null, disabledReason: null, failingSince: null });
    } finally {
      now = start;
    }
  });
});
