import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeySchema, createApiKeyRequestSchema, createdApiKeySchema } from '../../../contract/api-keys';
import { resourceId } from '../../lib/resource-id';
import { requireUser } from '../auth/auth.plugin';
import type { ApiKeysService } from './api-keys.service';

/** Settings → API keys: a signed-in person manages keys; a key itself never reaches these (api-key-areas.ts). */
export function apiKeysRoutes(keys: ApiKeysService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api-keys', { schema: { response: { 200: z.array(apiKeySchema) } } }, async (request) =>
      keys.list(requireUser(request)),
    );

    app.post(
      '/api/api-keys',
      { schema: { body: createApiKeyRequestSchema, response: { 201: createdApiKeySchema } } },
      async (request, reply) => reply.code(201).send(await keys.create(requireUser(request), request.body)),
    );

    app.delete('/api/api-keys/:id', { schema: { params: z.object({ id: z.string() }) } }, async (request, reply) => {
      await keys.revoke(requireUser(request), resourceId(request.params.id, 'API key not found'));
      return reply.code(204).send();
    });
  };
}
