import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalRangeQuerySchema } from '../../../contract/analytics';
import {
  addCampaignLeadsResponseSchema,
  addCampaignLeadsSchema,
  campaignListItemSchema,
  campaignSchema,
  dashboardStatsSchema,
  resumeCampaignSchema,
  sendMassEmailResponseSchema,
  sendMassEmailSchema,
} from '../../../contract/campaigns';
import { requireUser } from '../auth/auth.plugin';
import type { CampaignsService } from './campaigns.service';

// 100,000 lead ids as JSON numbers need about 1 MB; the default limit is the same, so leave room.
const SEND_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

export function campaignsRoutes(service: CampaignsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/campaigns/send-mass-email',
      {
        bodyLimit: SEND_BODY_LIMIT_BYTES,
        schema: { body: sendMassEmailSchema, response: { 200: sendMassEmailResponseSchema } },
      },
      async (request) => service.start(requireUser(request), request.body),
    );

    app.get(
      '/api/dashboard/stats',
      { schema: { querystring: optionalRangeQuerySchema, response: { 200: dashboardStatsSchema } } },
      async (request) => service.stats(requireUser(request), request.query.range),
    );

    app.get('/api/campaigns', { schema: { response: { 200: z.array(campaignListItemSchema) } } }, async (request) =>
      service.list(requireUser(request)),
    );

    app.post(
      '/api/campaigns/:id/leads',
      {
        bodyLimit: SEND_BODY_LIMIT_BYTES,
        schema: {
          params: z.object({ id: z.string() }),
          body: addCampaignLeadsSchema,
          response: { 200: addCampaignLeadsResponseSchema },
        },
      },
      async (request) => service.addLeads(requireUser(request), request.params.id, request.body.leadIds),
    );

    const byId = { schema: { params: z.object({ id: z.string() }), response: { 200: campaignSchema } } };
    app.get('/api/campaigns/:id', byId, async (request) => service.get(requireUser(request), request.params.id));
    app.post('/api/campaigns/:id/pause', byId, async (request) =>
      service.pause(requireUser(request), request.params.id),
    );
    app.post('/api/campaigns/:id/resume', { schema: { ...byId.schema, body: resumeCampaignSchema } }, async (request) =>
      service.resume(requireUser(request), request.params.id, request.body ?? {}),
    );
    app.post('/api/campaigns/:id/resend-unknown', byId, async (request) =>
      service.resendUnknown(requireUser(request), request.params.id),
    );
  };
}
