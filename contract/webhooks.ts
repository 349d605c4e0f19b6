import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, webhookEventTypeSchema } from './webhook-events';

export const MAX_WEBHOOK_URL_LENGTH = 2000;
/** Endpoints one user may have: plenty for a CRM, a few automations and a test. */
export const MAX_WEBHOOK_ENDPOINTS = 20;

/** POST /api/webhooks: the Settings screen and REST hook subscriptions (Zapier, Make, n8n) alike. */
export const createWebhookRequestSchema = z.strictObject({
  url: z
    .string({ error: 'Enter the address of the endpoint' })
    .trim()
    .min(1, 'Enter the address of the endpoint')
    .max(MAX_WEBHOOK_URL_LENGTH, `The endpoint address can be at most ${MAX_WEBHOOK_URL_LENGTH} characters`),
  events: z
    .array(webhookEventTypeSchema, { error: 'Choose at least one event' })
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENT_TYPES.length),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

/** PATCH /api/webhooks/{id}: change the events, or turn a disabled endpoint on again. */
export const updateWebhookRequestSchema = z.strictObject({
  events: createWebhookRequestSchema.shape.events.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookRequest = z.infer<typeof updateWebhookRequestSchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  /** The signing secret, in Standard Webhooks' `whsec_…` form. */
  secret: z.string(),
  createdAt: z.string(),
  /** Deliveries have failed since then, without a success; null when the last one went through. */
  failingSince: z.string().nullable(),
  /** When LocalReach turned the endpoint off (three days of failures); null while it is on. */
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'retrying', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The event's id (the `webhook-id` header): the same on every attempt and resend. */
  eventId: z.string(),
  type: z.string(),
  /** pending: not tried yet; delivered; retrying: failed, tried again with growing waits for 24 hours; failed. */
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  payload: z.object({ type: z.string(), timestamp: z.string(), data: z.record(z.string(), z.unknown()) }),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** POST /api/webhooks/{id}/test: a sample of one event (the endpoint's first unless said), marked `"test": true`. */
export const webhookTestRequestSchema = z.strictObject({ type: webhookEventTypeSchema.optional() });
