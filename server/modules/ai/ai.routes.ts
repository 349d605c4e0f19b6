import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aiProviderStatusSchema, aiWriterStatusSchema } from '../../../contract/ai';
import { aiGenerateRequestSchema, aiGenerateResponseSchema } from '../../../contract/templates';
import { requireAdmin, requireUser } from '../auth/auth.plugin';
import type { AiService } from './ai.service';

export function aiRoutes(service: AiService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/ai/generate-from-prompt',
      { schema: { body: aiGenerateRequestSchema, response: { 200: aiGenerateResponseSchema } } },
      async (request) => service.generateFromPrompt(requireUser(request), request.body.prompt),
    );

    app.get('/api/ai/status', { schema: { response: { 200: aiWriterStatusSchema } } }, async (request) => {
      requireUser(request);
      return service.writerStatus();
    });

    app.get('/api/admin/ai-provider', { schema: { response: { 200: aiProviderStatusSchema } } }, async (request) => {
      requireAdmin(request);
      return service.providerStatus();
    });
  };
}
