import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authUrlResponseSchema, providersStatusSchema } from '../../../contract/accounts';
import type { OAuthProviderName } from '../../adapters/mail/oauth-provider';
import { requireUser } from '../auth/auth.plugin';
import { PUBLIC_ROUTE } from '../auth/route-access';
import { SESSION_COOKIE } from '../auth/sessions.service';
import type { OAuthService } from './oauth.service';

const callbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

export function oauthRoutes(service: OAuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/email-accounts/providers',
      { schema: { response: { 200: providersStatusSchema } } },
      async (request) => {
        requireUser(request);
        return service.status();
      },
    );

    for (const provider of ['outlook', 'gmail'] as OAuthProviderName[]) {
      app.get(`/api/${provider}/connect`, { schema: { response: { 200: authUrlResponseSchema } } }, async (request) =>
        service.start(requireUser(request), request.cookies[SESSION_COOKIE] ?? '', provider),
      );

      // The browser arrives here from the provider; every outcome goes back to /accounts with a message.
      app.get(
        `/api/${provider}/callback`,
        { config: PUBLIC_ROUTE, schema: { querystring: callbackQuery } },
        async (request, reply) => {
          const target = await service.finish(
            request.currentUser,
            request.cookies[SESSION_COOKIE],
            provider,
            request.query,
          );
          return reply.redirect(target);
        },
      );
    }
  };
}
