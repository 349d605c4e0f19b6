import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signalAndWait } from '../../test/process-exit';
import { createSendingHarness, type SendingHarness } from '../../test/sending-harness';
import { healthy } from '../../test/server-process';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';

// A real LocalReach process delivers webhooks as pg-boss jobs; it is SIGKILLed in the middle of a delivery, and
// the process started after it delivers the event again, with the same id for the receiver to drop the repeat.

describe('a worker killed in the middle of a delivery', () => {
  let t: SendingHarness;
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    [t, receiver] = await Promise.all([createSendingHarness(), startWebhookReceiver()]);
  });
  afterEach(async () => {
    await receiver?.stop();
    await t?.dispose();
  });

  it('leaves the event to the next worker, which delivers it', { timeout: 180_000 }, async () => {
    const owner = await t.createOwner(1);
    const env = { WEBHOOK_ALLOW_PRIVATE_HOSTS: '1' };
    const first = t.start('hooks-1', 'all', env);
    await t.waitFor(first, healthy(t.port), 'the first process to listen', 90_000);
    const call = async (method: string, path: string, body?: object) => {
      const response = await fetch(`http://127.0.0.1:${t.port}${path}`, {
        method,
        headers: { cookie: `lr_session=${owner.token}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: (await response.json()) as Record<string, never> };
    };
    const endpoint = await call('POST', '/api/webhooks', { url: receiver.url, events: ['email.replied'] });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    receiver.secret = endpoint.body.secret;
    // The receiver holds its answer: the delivery is in flight when its worker dies.
    receiver.delayMs = 60_000;
    const test = await call('POST', `/api/webhooks/${endpoint.body.id}/test`, {});
    expect(test.status).toBe(202);
    await t.waitFor(first, () => receiver.received.length === 1, 'the delivery to reach the receiver');
    await signalAndWait(first.child, 'SIGKILL');
    await t.database.released('hooks-1');
    receiver.delayMs = 0;

    const second = t.start('hooks-2', 'all', env);
    await t.waitFor(second, healthy(t.port), 'the second process to listen', 90_000);
    const delivered = async () => {
      const log = await call('GET', `/api/webhooks/${endpoint.body.id}/deliveries`);
      return (log.body as unknown as Array<{ status: string }>)[0]?.status === 'delivered';
    };
    // The dead worker's job stops beating; the queue fails it and retries it after its backoff.
    await t.waitFor(second, delivered, 'the delivery to be retried by the second process', 120_000);
    expect(receiver.received.length).toBeGreaterThanOrEqual(2);
    const ids = new Set(receiver.received.map((request) => request.headers['webhook-id']));
    expect([...ids]).toEqual([test.body.eventId]);
    expect(receiver.received.every((request) => request.verified?.type === 'email.replied')).toBe(true);
    await signalAndWait(second.child, 'SIGTERM');
  });
});
