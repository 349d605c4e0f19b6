import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { supportContactSchema } from '../../../contract/support';
import { PUBLIC_ROUTE } from '../auth/route-access';

/** Where users write for help: public, as the password reset page shows it to people who cannot sign in. */
export function supportRoutes(supportEmail: string | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/support',
      { config: PUBLIC_ROUTE, schema: { response: { 200: supportContactSchema } } },
      async () => ({ email: supportEmail ?? null }),
    );
  };
}
