import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type WebhookEventType, webhookEventDataSchemas } from '../../contract/webhook-events';
import type { Database } from '../db/client';

/** An enabled endpoint of `userId` subscribed to `events`, written directly (its secret is only read at delivery). */
export async function insertWebhookEndpoint(db: Database, userId: string, events: readonly WebhookEventType[]) {
  const { rows } = (await db.execute(
    sql`INSERT INTO webhook_endpoints (user_id, url, events, secret_encrypted)
        VALUES (${userId}, 'http://127.0.0.1:9/hook', ${sql.param([...events])}::text[], 'x') RETURNING id::int AS id`,
  )) as unknown as { rows: Array<{ id: number }> };
  return rows[0].id;
}

export type QueuedEvent = { type: WebhookEventType; data: Record<string, unknown> };

/**
 * The events queued for `userId`'s endpoints, oldest first, each checked against its documented data schema and
 * against its pg-boss delivery job (one job per delivery row, queued with it).
 */
export async function queuedEvents(db: Database, userId: string): Promise<QueuedEvent[]> {
  const { rows } = (await db.execute(
    sql`SELECT d.id::int AS id, d.type, d.payload,
          (SELECT count(*)::int FROM pgboss.job j
            WHERE j.name = 'webhooks.deliver' AND (j.data->>'deliveryId')::int = d.id) AS jobs
        FROM webhook_deliveries d WHERE d.user_id = ${userId} ORDER BY d.id`,
  )) as unknown as {
    rows: Array<{ id: number; type: WebhookEventType; payload: QueuedEvent & { timestamp: string }; jobs: number }>;
  };
  return rows.map((row) => {
    expect(row.payload.type).toBe(row.type);
    expect(row.jobs, `the delivery job of ${row.type}`).toBe(1);
    // Strict: a field the contract does not document fails here.
    webhookEventDataSchemas[row.type].strict().parse(row.payload.data);
    return { type: row.payload.type, data: row.payload.data };
  });
}

/** Forgets what was queued for `userId` so far, for the next step of a test. */
export async function clearQueuedEvents(db: Database, userId: string) {
  await db.execute(sql`DELETE FROM webhook_deliveries WHERE user_id = ${userId}`);
}
