import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leadEmailParamsSchema, leadSchema, upsertLeadByEmailSchema } from '../../../contract/leads';
import { requireUser } from '../auth/auth.plugin';
import type { LeadByEmailService } from './lead-by-email.service';

/** A lead looked up, and created or updated, by its email: what a CRM or an automation knows a person by. */
export function leadByEmailRoutes(service: LeadByEmailService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/leads/by-email/:email',
      { schema: { params: leadEmailParamsSchema, response: { 200: leadSchema } } },
      async (request) => service.get(requireUser(request), request.params.email),
    );

    app.put(
      '/api/leads/by-email/:email',
      {
        schema: {
          params: leadEmailParamsSchema,
          body: upsertLeadByEmailSchema,
          response: { 200: leadSchema, 201: leadSchema },
        },
      },
      async (request, reply) => {
        const { lead, created } = await service.upsert(requireUser(request), request.params.email, request.body);
        return reply.code(created ? 201 : 200).send(lead);
      },
    );
  };
}
