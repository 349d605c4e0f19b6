import { sql } from 'drizzle-orm';
import { type WebhookEventType, webhookEventDataSchemas } from '../../../contract/webhook-events';
import { type Database, queryRows } from '../../db/client';

/** An enabled endpoint of the user for `events`, made in the database (its secret is only read at delivery). */
export async function subscribeTo(db: Database, userId: string, events: WebhookEventType[]) {
  await db.execute(sql`INSERT INTO webhook_endpoints (user_id, url, events, secret_encrypted)
    VALUES (${userId}, 'http://127.0.0.1:9/hook', ${sql.param(events)}::text[], 'x')`);
}

/**
 * The events queued for the user's endpoints, oldest first, each `data` checked against its documented schema
 * (a payload that breaks the contract fails the test here).
 */
export async function queuedEvents(db: Database, userId: string) {
  const rows = await queryRows<{ type: WebhookEventType; payload: { type: string; timestamp: string; data: unknown } }>(
    db,
    sql`SELECT type, payload FROM webhook_deliveries WHERE user_id = ${userId} ORDER BY id`,
  );
  return rows.map(({ type, payload }) => {
    webhookEventDataSchemas[type].strict().parse(payload.data);
    return { type, data: payload.data as Record<string, unknown> };
  });
}
