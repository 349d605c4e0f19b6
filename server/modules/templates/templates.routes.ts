import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalRangeQuerySchema } from '../../../contract/analytics';
import { messageSchema } from '../../../contract/auth';
import { templateScoreRequestSchema, templateScoreSchema } from '../../../contract/template-score';
import {
  TEMPLATE_BODY_LIMIT_BYTES,
  templateDetailSchema,
  templateInputSchema,
  templatePerformanceItemSchema,
  templateSchema,
} from '../../../contract/templates';
import { requireUser } from '../auth/auth.plugin';
import type { TemplatesService } from './templates.service';

const idParams = z.object({ id: z.string() });

export function templatesRoutes(service: TemplatesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/templates', { schema: { response: { 200: z.array(templateSchema) } } }, async (request) =>
      service.list(requireUser(request)),
    );

    app.get(
      '/api/templates/performance',
      { schema: { querystring: optionalRangeQuerySchema, response: { 200: z.array(templatePerformanceItemSchema) } } },
      async (request) => service.performance(requireUser(request), request.query.range),
    );

    app.post(
      '/api/templates/score',
      { schema: { body: templateScoreRequestSchema, response: { 200: templateScoreSchema } } },
      async (request) => service.score(requireUser(request), request.body),
    );

    app.get(
      '/api/templates/:id',
      { schema: { params: idParams, response: { 200: templateDetailSchema } } },
      async (request) => service.detail(requireUser(request), request.params.id),
    );

    app.post(
      '/api/templates',
      {
        bodyLimit: TEMPLATE_BODY_LIMIT_BYTES,
        schema: { body: templateInputSchema, response: { 201: templateSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.create(requireUser(request), request.body)),
    );

    app.put(
      '/api/templates/:id',
      {
        bodyLimit: TEMPLATE_BODY_LIMIT_BYTES,
        schema: { params: idParams, body: templateInputSchema, response: { 200: templateSchema } },
      },
      async (request) => service.update(requireUser(request), request.params.id, request.body),
    );

    app.delete(
      '/api/templates/:id',
      { schema: { params: idParams, response: { 200: messageSchema } } },
      async (request) => {
        await service.remove(requireUser(request), request.params.id);
        return { message: 'Template deleted' };
      },
    );
  };
}
