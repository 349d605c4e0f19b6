import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  followupCountSchema,
  messageResponseSchema,
  replySchema,
  responseDetailsSchema,
  responseSchema,
  responsesPageSchema,
  responsesQuerySchema,
  suggestedReplySchema,
  updateResponseSchema,
} from '../../../contract/responses';
import { requireUser } from '../auth/auth.plugin';
import type { ResponsesService } from './responses.service';

export function responsesRoutes(service: ResponsesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/responses',
      { schema: { querystring: responsesQuerySchema, response: { 200: responsesPageSchema } } },
      async (request) => service.list(requireUser(request), request.query),
    );

    app.get('/api/followups/count', { schema: { response: { 200: followupCountSchema } } }, async (request) =>
      service.followupCount(requireUser(request)),
    );

    const params = z.object({ id: z.string() });
    app.get(
      '/api/responses/:id/details',
      { schema: { params, response: { 200: responseDetailsSchema } } },
      async (request) => service.details(requireUser(request), request.params.id),
    );

    app.post(
      '/api/responses/:id/reply',
      { schema: { params, body: replySchema, response: { 200: messageResponseSchema } } },
      async (request) => service.reply(requireUser(request), request.params.id, request.body.body),
    );

    app.post(
      '/api/responses/:id/complete-followup',
      { schema: { params, response: { 200: messageResponseSchema } } },
      async (request) => service.completeFollowup(requireUser(request), request.params.id),
    );

    app.patch(
      '/api/responses/:id',
      { schema: { params, body: updateResponseSchema, response: { 200: responseSchema } } },
      async (request) => service.update(requireUser(request), request.params.id, request.body),
    );

    app.post(
      '/api/responses/:id/suggest-reply',
      { schema: { params, response: { 200: suggestedReplySchema } } },
      async (request) => service.suggestReply(requireUser(request), request.params.id),
    );
  };
}
