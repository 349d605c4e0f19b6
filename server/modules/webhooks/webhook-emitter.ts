import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebhookEventData, WebhookEventType } from '../../../contract/webhook-events';
import type { SqlRunner } from '../../jobs/transaction-sql';
import type { Clock } from '../../lib/clock';

/** One event of one user: its type, its documented data, and the lead it is about (deliveries keep a lead's order). */
export type WebhookEvent = {
  [Type in WebhookEventType]: {
    userId: string;
    type: Type;
    data: WebhookEventData<Type>;
    /** When the change happened; now unless said. */
    at?: Date;
    leadId?: number | null;
  };
}[WebhookEventType];

/** What queues one delivery job per new delivery row, in the same transaction (JobQueue.insertWith). */
export type EnqueueDeliveries = (
  runner: SqlRunner,
  deliveries: Array<{ deliveryId: number; key: string }>,
) => Promise<void>;

/**
 * Queues events for their users' enabled endpoints that subscribe to them. Called with the transaction (or the
 * single statement's database) of the change that caused them: the delivery rows and their pg-boss jobs commit
 * with the change and vanish if it rolls back, so no event is lost when a process dies and none is invented.
 */
export type WebhookEmitter = {
  emit(runner: SqlRunner, events: WebhookEvent | readonly WebhookEvent[]): Promise<void>;
};

type Endpoint = { id: number; user_id: string; events: string[] };

export function createWebhookEmitter(deps: { clock: Clock; enqueue: EnqueueDeliveries }): WebhookEmitter {
  return {
    async emit(runner, given) {
      const events = Array.isArray(given) ? given : [given as WebhookEvent];
      if (events.length === 0) return;
      const userIds = [...new Set(events.map((event) => event.userId))];
      const endpoints = (
        (await runner.execute(
          sql`SELECT id::int AS id, user_id, events FROM webhook_endpoints
              WHERE user_id = ANY(${sql.param(userIds)}::uuid[]) AND disabled_at IS NULL`,
        )) as unknown as { rows: Endpoint[] }
      ).rows;
      if (endpoints.length === 0) return;
      const now = deps.clock.now();
      const rows: Array<{
        user_id: string;
        endpoint_id: number;
        event_id: string;
        type: string;
        payload: unknown;
        created_at: string;
        key: string;
      }> = [];
      for (const event of events) {
        const subscribed = endpoints.filter(
          (endpoint) => endpoint.user_id === event.userId && endpoint.events.includes(event.type),
        );
        if (subscribed.length === 0) continue;
        const payload = { type: event.type, timestamp: (event.at ?? now).toISOString(), data: event.data };
        // One id per event, on every endpoint and every attempt: what receivers deduplicate on.
        const eventId = `msg_${randomUUID().replaceAll('-', '')}`;
        for (const endpoint of subscribed) {
          rows.push({
            user_id: event.userId,
            endpoint_id: endpoint.id,
            event_id: eventId,
            type: event.type,
            payload,
            created_at: now.toISOString(),
            // Deliveries with one key reach the endpoint one after the other, in order (a lead's events);
            // an event about no lead has a key of its own.
            key: event.leadId ? `${endpoint.id}:lead:${event.leadId}` : `${endpoint.id}:event:${eventId}`,
          });
        }
      }
      if (rows.length === 0) return;
      const inserted = (
        (await runner.execute(
          sql`INSERT INTO webhook_deliveries (user_id, endpoint_id, event_id, type, payload, created_at)
              SELECT user_id, endpoint_id, event_id, type, payload, created_at
              FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
                AS given(user_id uuid, endpoint_id bigint, event_id text, type text, payload jsonb, created_at timestamptz)
              RETURNING id::int AS id, endpoint_id::int AS endpoint_id, event_id`,
        )) as unknown as { rows: Array<{ id: number; endpoint_id: number; event_id: string }> }
      ).rows;
      const keyOf = new Map(rows.map((row) => [`${row.endpoint_id}/${row.event_id}`, row.key]));
      await deps.enqueue(
        runner,
        inserted
          .sort((a, b) => a.id - b.id)
          .map((row) => ({ deliveryId: row.id, key: keyOf.get(`${row.endpoint_id}/${row.event_id}`) as string })),
      );
    },
  };
}
