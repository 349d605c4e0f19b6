import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { WebhookEventType } from '../../../contract/webhook-events';
import { WEBHOOK_SAMPLES } from '../../../contract/webhook-samples';
import {
  type CreateWebhookRequest,
  MAX_WEBHOOK_ENDPOINTS,
  type UpdateWebhookRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../../contract/webhooks';
import type { DnsResolver } from '../../adapters/dns/dns-resolver';
import {
  parseWebhookUrl,
  resolveWebhookHost,
  WebhookAddressError,
} from '../../adapters/webhooks/webhook-address-guard';
import { type Database, queryRows } from '../../db/client';
import { type WebhookDeliveryRow, type WebhookEndpointRow, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import type { EnqueueDeliveries } from './webhook-emitter';

/** Deliveries the log shows for an endpoint, newest first. */
export const DELIVERY_LOG_LENGTH = 50;
/** Settled deliveries are kept this long for the log, then removed (a busy endpoint gets thousands a day). */
export const DELIVERY_KEEP_DAYS = 30;

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/** A user's webhook endpoints: made, listed, changed, removed, tested, and their delivery log with resends. */
export function createWebhooksService(deps: {
  db: Database;
  clock: Clock;
  secrets: SecretBox;
  resolver: DnsResolver;
  allowPrivateHosts: boolean;
  enqueue: EnqueueDeliveries;
}) {
  const { db, clock, secrets } = deps;

  function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
    return {
      id: row.id,
      url: row.url,
      events: row.events as WebhookEventType[],
      secret: secrets.open<string>(row.secretEncrypted),
      createdAt: row.createdAt.toISOString(),
      failingSince: row.failingSince?.toISOString() ?? null,
      disabledAt: row.disabledAt?.toISOString() ?? null,
      disabledReason: row.disabledReason,
    };
  }

  async function ownEndpoint(userId: string, id: number): Promise<WebhookEndpointRow> {
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
    if (!row) throw AppError.notFound('Webhook endpoint not found');
    return row;
  }

  /** Queues one delivery of `payload` to the endpoint now, outside any subscription (a test, a resend). */
  async function deliverNow(
    endpoint: WebhookEndpointRow,
    eventId: string,
    payload: WebhookDeliveryRow['payload'],
  ): Promise<WebhookDelivery> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(webhookDeliveries)
        .values({
          userId: endpoint.userId,
          endpointId: endpoint.id,
          eventId,
          type: payload.type,
          payload,
          createdAt: clock.now(),
        })
        .returning();
      // A key of its own: a test or a resend waits behind no lead's events.
      await deps.enqueue(tx, [{ deliveryId: row.id, key: `${endpoint.id}:delivery:${row.id}` }]);
      return toDelivery(row);
    });
  }

  return {
    async list(userId: string): Promise<WebhookEndpoint[]> {
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
        .orderBy(desc(webhookEndpoints.id));
      return rows.map(toEndpoint);
    },

    async create(userId: string, request: CreateWebhookRequest, origin: 'settings' | 'api'): Promise<WebhookEndpoint> {
      const url = await checkedUrl(request.url, deps.resolver, deps.allowPrivateHosts);
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId));
      if (count >= MAX_WEBHOOK_ENDPOINTS) {
        throw AppError.badRequest(
          `You can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Remove one you no longer use first.`,
        );
      }
      // Standard Webhooks' secret form: "whsec_" and the base64 of 24 random bytes.
      const secret = `whsec_${randomBytes(24).toString('base64')}`;
      const [row] = await db
        .insert(webhookEndpoints)
        .values({
          userId,
          url,
          events: [...new Set(request.events)],
          secretEncrypted: secrets.seal(secret),
          origin,
          createdAt: clock.now(),
        })
        .returning();
      return toEndpoint(row);
    },

    async update(userId: string, id: number, request: UpdateWebhookRequest): Promise<WebhookEndpoint> {
      await ownEndpoint(userId, id);
      const changes: Partial<WebhookEndpointRow> = {};
      if (request.events) changes.events = [...new Set(request.events)];
      if (request.enabled === true)
        Object.assign(changes, { disabledAt: null, disabledReason: null, failingSince: null });
      if (request.enabled === false) {
        Object.assign(changes, { disabledAt: clock.now(), disabledReason: 'Turned off by you' });
      }
      if (Object.keys(changes).length === 0) return toEndpoint(await ownEndpoint(userId, id));
      const [row] = await db
        .update(webhookEndpoints)
        .set(changes)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
        .returning();
      return toEndpoint(row);
    },

    /** Removes the endpoint and its log; deliveries still queued find nothing and end. */
    async remove(userId: string, id: number): Promise<void> {
      const [removed] = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
        .returning({ id: webhookEndpoints.id });
      if (!removed) throw AppError.notFound('Webhook endpoint not found');
    },

    async deliveries(userId: string, id: number): Promise<WebhookDelivery[]> {
      await ownEndpoint(userId, id);
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.userId, userId)))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(DELIVERY_LOG_LENGTH);
      return rows.map(toDelivery);
    },

    /** Sends a made-up example of one event (the endpoint's first unless said), marked as a test. */
    async sendTest(userId: string, id: number, type?: WebhookEventType): Promise<WebhookDelivery> {
      const endpoint = await ownEndpoint(userId, id);
      const eventType = type ?? (endpoint.events[0] as WebhookEventType);
      const payload = {
        type: eventType,
        timestamp: clock.now().toISOString(),
        data: { ...WEBHOOK_SAMPLES[eventType], test: true },
      };
      return deliverNow(endpoint, `msg_test_${randomBytes(12).toString('hex')}`, payload);
    },

    /** Removes settled deliveries older than DELIVERY_KEEP_DAYS; answers how many. */
    async pruneDeliveries(): Promise<number> {
      const before = new Date(clock.now().getTime() - DELIVERY_KEEP_DAYS * 86_400_000);
      const [{ removed }] = await queryRows<{ removed: number }>(
        db,
        sql`WITH gone AS (
              DELETE FROM webhook_deliveries
              WHERE created_at < ${before.toISOString()}::timestamptz AND status IN ('delivered', 'failed')
              RETURNING 1)
            SELECT count(*)::int AS removed FROM gone`,
      );
      return removed;
    },

    /** Sends a delivery's event again, with its event id, so a receiver that has it already can drop it. */
    async resend(userId: string, id: number, deliveryId: number): Promise<WebhookDelivery> {
      const endpoint = await ownEndpoint(userId, id);
      if (endpoint.disabledAt) {
        throw AppError.conflict('Turn the endpoint on again before resending to it.');
      }
      const [delivery] = await db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.id, deliveryId),
            eq(webhookDeliveries.endpointId, id),
            eq(webhookDeliveries.userId, userId),
          ),
        );
      if (!delivery) throw AppError.notFound('Delivery not found');
      return deliverNow(endpoint, delivery.eventId, delivery.payload);
    },
  };
}

/** The endpoint URL, refused in words when it is not a web address or points at a private or internal host. */
async function checkedUrl(value: string, resolver: DnsResolver, allowPrivate: boolean): Promise<string> {
  try {
    const url = parseWebhookUrl(value);
    await resolveWebhookHost(url, resolver, allowPrivate);
    return url.toString();
  } catch (error) {
    if (error instanceof WebhookAddressError) throw AppError.badRequest(error.message);
    throw error;
  }
}

export function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    responseExcerpt: row.responseExcerpt,
    error: row.error,
    payload: row.payload,
  };
}
