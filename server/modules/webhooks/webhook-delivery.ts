import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { WebhookSender } from '../../adapters/webhooks/webhook-sender';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';

/** How long a failing delivery is tried again, with growing waits (the queue's backoff), before it is given up. */
export const DELIVERY_RETRY_HOURS = 24;
/** An endpoint whose deliveries have failed, with no success, for this long is turned off. */
export const ENDPOINT_DISABLE_DAYS = 3;
/** Characters of a receiver's answer kept in the log. */
const EXCERPT_LENGTH = 500;

/** A delivery failed and will be tried again: pg-boss retries the job after its backoff. */
export class WebhookRetryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRetryError';
  }
}

export type WebhookDeliveryOutcome = {
  outcome: 'delivered' | 'failed' | 'skipped';
  deliveryId: number;
  disabledEndpoint?: boolean;
};

export type WebhookDeliverer = ReturnType<typeof createWebhookDeliverer>;

/**
 * Delivers one queued event: signed as Standard Webhooks says (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`, the `standardwebhooks` package), posted once, the attempt recorded. A failure is tried again
 * by the queue for 24 hours; an endpoint failing for three days is turned off and its owner told.
 */
export function createWebhookDeliverer(deps: {
  db: Database;
  clock: Clock;
  secrets: SecretBox;
  sender: WebhookSender;
  /** Tells the owner an endpoint was turned off (by mail); its failure is logged, not retried. */
  noticeDisabled(userId: string, url: string, reason: string): Promise<void>;
}) {
  const { db, clock } = deps;
  return {
    async deliver(deliveryId: number): Promise<WebhookDeliveryOutcome> {
      const [found] = await db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, deliveryId));
      // The endpoint was removed (its deliveries with it), or this delivery was already settled by an earlier run.
      if (!found || found.delivery.status === 'delivered' || found.delivery.status === 'failed') {
        return { outcome: 'skipped', deliveryId };
      }
      const { delivery, endpoint } = found;
      if (endpoint.disabledAt) {
        await db
          .update(webhookDeliveries)
          .set({ status: 'failed', error: 'Not sent: the endpoint is turned off' })
          .where(eq(webhookDeliveries.id, deliveryId));
        return { outcome: 'failed', deliveryId };
      }
      const body = JSON.stringify(delivery.payload);
      const sentAt = clock.now();
      const signature = new Webhook(deps.secrets.open<string>(endpoint.secretEncrypted)).sign(
        delivery.eventId,
        sentAt,
        body,
      );
      const attempt = await deps.sender.post(
        endpoint.url,
        {
          'webhook-id': delivery.eventId,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body,
      );
      const now = clock.now();
      const recorded = {
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastAttemptAt: now,
        statusCode: attempt.statusCode,
        durationMs: attempt.durationMs,
        responseExcerpt: attempt.responseExcerpt?.slice(0, EXCERPT_LENGTH) ?? null,
        error: attempt.error,
      };
      if (attempt.ok) {
        await db
          .update(webhookDeliveries)
          .set({ ...recorded, status: 'delivered', deliveredAt: now })
          .where(eq(webhookDeliveries.id, deliveryId));
        // Only an endpoint that was failing is written: every delivery writing its endpoint's row would queue them
        // all on that row's lock.
        if (endpoint.failingSince) {
          await db
            .update(webhookEndpoints)
            .set({ failingSince: null })
            .where(sql`${webhookEndpoints.id} = ${endpoint.id} AND ${webhookEndpoints.failingSince} IS NOT NULL`);
        }
        return { outcome: 'delivered', deliveryId };
      }
      const givenUp = now.getTime() - delivery.createdAt.getTime() >= DELIVERY_RETRY_HOURS * 3600_000;
      const disabled = await db.transaction(async (tx) => {
        await tx
          .update(webhookDeliveries)
          .set({ ...recorded, status: givenUp ? 'failed' : 'retrying' })
          .where(eq(webhookDeliveries.id, deliveryId));
        const [marked] = await tx
          .update(webhookEndpoints)
          .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
          .where(eq(webhookEndpoints.id, endpoint.id))
          .returning({ failingSince: webhookEndpoints.failingSince });
        const failingSince = marked?.failingSince ?? now;
        if (now.getTime() - failingSince.getTime() < ENDPOINT_DISABLE_DAYS * 86_400_000) return null;
        const reason = `Turned off on ${now.toISOString().slice(0, 10)}: every delivery failed for ${ENDPOINT_DISABLE_DAYS} days (last: ${attempt.error}). Fix the endpoint, then turn it on again.`;
        const [turnedOff] = await tx
          .update(webhookEndpoints)
          .set({ disabledAt: now, disabledReason: reason })
          .where(sql`${webhookEndpoints.id} = ${endpoint.id} AND ${webhookEndpoints.disabledAt} IS NULL`)
          .returning({ id: webhookEndpoints.id });
        return turnedOff ? reason : null;
      });
      if (disabled) await deps.noticeDisabled(endpoint.userId, endpoint.url, disabled);
      if (givenUp || disabled) return { outcome: 'failed', deliveryId, disabledEndpoint: Boolean(disabled) };
      throw new WebhookRetryError(`Webhook delivery ${deliveryId} failed: ${attempt.error}`);
    },
  };
}
