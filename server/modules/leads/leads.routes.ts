import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../../contract/auth';
import {
  bulkDeleteLeadsSchema,
  bulkLeadsResultSchema,
  bulkSetLeadStatusSchema,
  CSV_UPLOAD_MAX_BYTES,
  createLeadSchema,
  csvUploadRequestSchema,
  csvUploadResultSchema,
  leadContactHistorySchema,
  leadCountsSchema,
  leadDetailSchema,
  leadListQuerySchema,
  leadSchema,
  leadWithSentWeeksSchema,
  listedLeadSchema,
  matchingLeadIdsSchema,
  sentWeeksFilterSchema,
  sentWeeksQuerySchema,
  updateLeadSchema,
} from '../../../contract/leads';
import { requireUser } from '../auth/auth.plugin';
import type { LeadsService } from './leads.service';

const idParams = z.object({ id: z.string() });

export function leadsRoutes(leadsService: LeadsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/leads',
      { schema: { querystring: leadListQuerySchema, response: { 200: z.array(listedLeadSchema) } } },
      async (request) => leadsService.list(requireUser(request), request.query),
    );

    app.get('/api/leads/count', { schema: { response: { 200: leadCountsSchema } } }, async (request) =>
      leadsService.counts(requireUser(request)),
    );

    app.get('/api/leads/export', async (request, reply) => {
      const user = requireUser(request);
      const date = new Date().toISOString().slice(0, 10);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leads-${date}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(leadsService.exportCsv(user)));
    });

    app.get('/api/leads/:id', { schema: { params: idParams, response: { 200: leadDetailSchema } } }, async (request) =>
      leadsService.detail(requireUser(request), request.params.id),
    );

    app.get(
      '/api/lead-contact-history/:id',
      { schema: { params: idParams, response: { 200: leadContactHistorySchema } } },
      async (request) => leadsService.contactHistory(requireUser(request), request.params.id),
    );

    app.post(
      '/api/leads',
      { schema: { body: createLeadSchema, response: { 201: leadSchema } } },
      async (request, reply) => reply.status(201).send(await leadsService.create(requireUser(request), request.body)),
    );

    app.patch(
      '/api/leads/:id',
      { schema: { params: idParams, body: updateLeadSchema, response: { 200: leadSchema } } },
      async (request) => leadsService.update(requireUser(request), request.params.id, request.body),
    );

    app.delete(
      '/api/leads/:id',
      { schema: { params: idParams, response: { 200: messageSchema } } },
      async (request) => {
        await leadsService.remove(requireUser(request), request.params.id);
        return { message: 'Lead deleted successfully' };
      },
    );

    app.post(
      '/api/leads/bulk-delete',
      { schema: { body: bulkDeleteLeadsSchema, response: { 200: bulkLeadsResultSchema } } },
      async (request) => leadsService.bulkDelete(requireUser(request), request.body.ids),
    );

    app.post(
      '/api/leads/bulk-status',
      { schema: { body: bulkSetLeadStatusSchema, response: { 200: bulkLeadsResultSchema } } },
      async (request) => leadsService.bulkSetStatus(requireUser(request), request.body.ids, request.body.status),
    );

    app.post(
      '/api/leads/upload-csv',
      {
        bodyLimit: CSV_UPLOAD_MAX_BYTES,
        schema: { body: csvUploadRequestSchema, response: { 200: csvUploadResultSchema } },
      },
      async (request) => leadsService.importCsv(requireUser(request), request.body),
    );

    app.get(
      '/api/leads-with-sent-weeks',
      { schema: { querystring: sentWeeksQuerySchema, response: { 200: z.array(leadWithSentWeeksSchema) } } },
      async (request) => leadsService.withSentWeeks(requireUser(request), request.query),
    );

    app.get(
      '/api/leads-with-sent-weeks/ids',
      {
        schema: {
          querystring: z.object({ filter: sentWeeksFilterSchema }),
          response: { 200: matchingLeadIdsSchema },
        },
      },
      async (request) => leadsService.matchingIds(requireUser(request), request.query.filter),
    );
  };
}
