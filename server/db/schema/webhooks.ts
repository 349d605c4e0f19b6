import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { WebhookPayload } from '../../../contract/webhook-events';
import { ownedRowColumns } from './owned-row';

/**
 * A user's webhook endpoints: where events go, which events, and the signing secret (kept encrypted with the app's
 * key, as mailbox passwords are: signing needs the secret itself). An endpoint failing without a success since
 * `failing_since` for three days is disabled; the owner sees why and turns it on again.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    ...ownedRowColumns(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    /** settings: made on the Webhooks screen; api: a REST hook subscription (Zapier, Make, n8n). */
    origin: text('origin', { enum: ['settings', 'api'] })
      .notNull()
      .default('settings'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
  },
  (table) => [
    // The emitter's question on every change: the user's enabled endpoints.
    index('webhook_endpoints_user_idx').on(table.userId).where(sql`${table.disabledAt} IS NULL`),
  ],
);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'retrying', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * One event for one endpoint, written in the transaction of the change that caused it, beside its pg-boss job. Its
 * `event_id` is the Standard Webhooks `webhook-id`: the same on every attempt and on a resend, for receivers to
 * drop repeats. The last attempt's outcome is kept for the delivery log.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    ...ownedRowColumns(),
    endpointId: bigint('endpoint_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<WebhookPayload>().notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
  },
  (table) => [index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt.desc(), table.id.desc())],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
