import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aiGenerateRequestSchema, aiGenerateResponseSchema } from '../../contract/templates';
import { requireUser } from '../modules/auth/auth.plugin';
import type { AiService } from './ai.service';

export function aiRoutes(service: AiService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/ai/generate-from-prompt',
      { schema: { body: aiGenerateRequestSchema, response: { 200: aiGenerateResponseSchema } } },
      async (request) => service.generateFromPrompt(requireUser(request), request.body.prompt),
    );
  };
}
