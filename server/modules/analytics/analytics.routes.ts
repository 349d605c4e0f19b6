import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bestSendingTimesSchema,
  campaignResultsSchema,
  dailyFiguresSchema,
  rangeQuerySchema,
} from '../../../contract/analytics';
import { requireUser } from '../auth/auth.plugin';
import type { AnalyticsService } from './analytics.service';

export function analyticsRoutes(service: AnalyticsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/analytics/daily',
      { schema: { querystring: rangeQuerySchema, response: { 200: z.array(dailyFiguresSchema) } } },
      async (request) => service.daily(requireUser(request), request.query.range),
    );

    app.get(
      '/api/analytics/best-times',
      { schema: { querystring: rangeQuerySchema, response: { 200: bestSendingTimesSchema } } },
      async (request) => service.bestTimes(requireUser(request), request.query.range),
    );

    app.get(
      '/api/analytics/campaigns',
      { schema: { querystring: rangeQuerySchema, response: { 200: z.array(campaignResultsSchema) } } },
      async (request) => service.campaigns(requireUser(request), request.query.range),
    );
  };
}
