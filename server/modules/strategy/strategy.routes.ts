import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  generateStrategyRequestSchema,
  marketingStrategySchema,
  saveStrategyRequestSchema,
} from '../../../contract/strategy';
import { requireUser } from '../auth/auth.plugin';
import type { StrategyService } from './strategy.service';

export function strategyRoutes(service: StrategyService): FastifyPluginAsyncZod {
  return async (app) => {
    const response = { 200: marketingStrategySchema };

    app.get('/api/marketing-strategy', { schema: { response } }, async (request) => service.get(requireUser(request)));

    app.post(
      '/api/marketing-strategy',
      { schema: { body: generateStrategyRequestSchema, response } },
      async (request) => service.generate(requireUser(request), request.body?.regenerate ?? false),
    );

    app.put('/api/marketing-strategy', { schema: { body: saveStrategyRequestSchema, response } }, async (request) =>
      service.save(requireUser(request), request.body),
    );
  };
}
