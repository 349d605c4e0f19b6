import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importLeadSearchResultsSchema,
  leadSearchListItemSchema,
  leadSearchSchema,
  startLeadSearchSchema,
} from '../../../contract/lead-finder';
import { csvUploadResultSchema } from '../../../contract/leads';
import { requireUser } from '../auth/auth.plugin';
import type { LeadFinderService } from './lead-finder.service';

const idParams = z.object({ id: z.string() });

export function leadFinderRoutes(service: LeadFinderService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/lead-finder/searches',
      { schema: { body: startLeadSearchSchema, response: { 201: leadSearchSchema } } },
      async (request, reply) => reply.status(201).send(await service.start(requireUser(request), request.body)),
    );

    app.get(
      '/api/lead-finder/searches',
      { schema: { response: { 200: z.array(leadSearchListItemSchema) } } },
      async (request) => service.list(requireUser(request)),
    );

    app.get(
      '/api/lead-finder/searches/:id',
      { schema: { params: idParams, response: { 200: leadSearchSchema } } },
      async (request) => service.detail(requireUser(request), request.params.id),
    );

    app.post(
      '/api/lead-finder/searches/:id/import',
      { schema: { params: idParams, body: importLeadSearchResultsSchema, response: { 200: csvUploadResultSchema } } },
      async (request) => service.importResults(requireUser(request), request.params.id, request.body),
    );
  };
}
