import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  webhookEventDataSchemas,
} from '../../../contract/webhook-events';
import { WEBHOOK_SAMPLES } from '../../../contract/webhook-samples';

export const WEBHOOKS_TAG = {
  name: 'webhooks',
  description:
    'Endpoints that receive events (REST hooks for Zapier, Make and n8n too). Each delivery is a POST of ' +
    '`{ type, timestamp, data }` signed as the Standard Webhooks specification says: headers `webhook-id` (the ' +
    'event id, the same on every retry: drop repeats), `webhook-timestamp` and `webhook-signature`, verified with ' +
    "the endpoint's `whsec_…` secret by any Standard Webhooks library. Answer 2xx within 10 seconds; other answers " +
    'and redirects are retried with growing waits for 24 hours, and an endpoint failing for 3 days is turned off. ' +
    'Managing webhooks takes a key with the `write` scope.',
};

/**
 * The OpenAPI 3.1 `webhooks` object: every event's request body, made from the same zod schemas the emitter's data
 * follows (contract/webhook-events.ts), with its sample.
 */
export function webhookDocs(): Record<string, OpenAPIV3_1.PathItemObject> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => {
      const payload = z.object({
        type: z.literal(type),
        timestamp: z.string().describe('When the change happened (ISO 8601).'),
        data: webhookEventDataSchemas[type],
      });
      const { $schema: _dialect, ...schema } = z.toJSONSchema(payload, { io: 'output' }) as Record<string, unknown>;
      return [
        type,
        {
          post: {
            summary: type,
            description: WEBHOOK_EVENT_DESCRIPTIONS[type],
            tags: ['webhooks'],
            security: [],
            parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
              name,
              in: 'header',
              required: true,
              schema: { type: 'string' },
            })),
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema,
                  example: { type, timestamp: '2026-11-28T15:04:05.000Z', data: WEBHOOK_SAMPLES[type] },
                },
              },
            },
            responses: { '2XX': { description: 'Received. Any other answer is retried.' } },
          },
        },
      ];
    }),
  );
}
