import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createWebhookRequestSchema,
  updateWebhookRequestSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookTestRequestSchema,
} from '../../../contract/webhooks';
import { resourceId } from '../../lib/resource-id';
import { requireUser } from '../auth/auth.plugin';
import type { WebhooksService } from './webhooks.service';

const endpointParams = z.object({ id: z.string() });
const NOT_FOUND = 'Webhook endpoint not found';

/**
 * Settings → Webhooks and REST hook subscriptions (Zapier, Make, n8n): the same routes, with a session or an API key
 * that may write everything (api-key-areas.ts).
 */
export function webhooksRoutes(webhooks: WebhooksService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/webhooks', { schema: { response: { 200: z.array(webhookEndpointSchema) } } }, async (request) =>
      webhooks.list(requireUser(request).id),
    );

    app.post(
      '/api/webhooks',
      { schema: { body: createWebhookRequestSchema, response: { 201: webhookEndpointSchema } } },
      async (request, reply) => {
        const origin = request.apiKey ? 'api' : 'settings';
        return reply.code(201).send(await webhooks.create(requireUser(request).id, request.body, origin));
      },
    );

    app.patch(
      '/api/webhooks/:id',
      {
        schema: { params: endpointParams, body: updateWebhookRequestSchema, response: { 200: webhookEndpointSchema } },
      },
      async (request) =>
        webhooks.update(requireUser(request).id, resourceId(request.params.id, NOT_FOUND), request.body),
    );

    app.delete('/api/webhooks/:id', { schema: { params: endpointParams } }, async (request, reply) => {
      await webhooks.remove(requireUser(request).id, resourceId(request.params.id, NOT_FOUND));
      return reply.code(204).send();
    });

    app.get(
      '/api/webhooks/:id/deliveries',
      { schema: { params: endpointParams, response: { 200: z.array(webhookDeliverySchema) } } },
      async (request) => webhooks.deliveries(requireUser(request).id, resourceId(request.params.id, NOT_FOUND)),
    );

    app.post(
      '/api/webhooks/:id/test',
      {
        schema: {
          params: endpointParams,
          body: webhookTestRequestSchema.optional(),
          response: { 202: webhookDeliverySchema },
        },
      },
      async (request, reply) => {
        const id = resourceId(request.params.id, NOT_FOUND);
        return reply.code(202).send(await webhooks.sendTest(requireUser(request).id, id, request.body?.type));
      },
    );

    app.post(
      '/api/webhooks/:id/deliveries/:deliveryId/resend',
      {
        schema: {
          params: z.object({ id: z.string(), deliveryId: z.string() }),
          response: { 202: webhookDeliverySchema },
        },
      },
      async (request, reply) => {
        const id = resourceId(request.params.id, NOT_FOUND);
        const deliveryId = resourceId(request.params.deliveryId, 'Delivery not found');
        return reply.code(202).send(await webhooks.resend(requireUser(request).id, id, deliveryId));
      },
    );
  };
}
