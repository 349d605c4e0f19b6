import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { aiRoutes } from './ai/ai.routes';
import { type AiConfig, createAiService, createEmailWriter } from './ai/ai.service';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandler } from './lib/error-handler';
import { RateLimiter } from './lib/rate-limiter';
import { registerCrossSiteGuard } from './lib/request-guards';
import { SecretBox } from './lib/secret-box';
import { registerWebClient } from './lib/web-client';
import { ApiTransport, gmailSendMessage, graphSendMail } from './mail/api-transport';
import { googleProvider, microsoftProvider } from './mail/oauth-provider';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { createAccountsService } from './modules/accounts/accounts.service';
import { oauthRoutes } from './modules/accounts/oauth.routes';
import { createOAuthService } from './modules/accounts/oauth.service';
import { registerSessionAuth } from './modules/auth/auth.plugin';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createSessionsService } from './modules/auth/sessions.service';
import { leadsRoutes } from './modules/leads/leads.routes';
import { createLeadsService } from './modules/leads/leads.service';
import { templatesRoutes } from './modules/templates/templates.routes';
import { createTemplatesService } from './modules/templates/templates.service';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';

export type AppConfig = Pick<
  Config,
  'publicUrl' | 'secureCookies' | 'sessionSecret' | 'encryptionKey' | 'authRateLimitPerMinute' | 'trustProxy' | 'oauth'
> &
  AiConfig & {
    /** The process logger; API tests pass none and get a silent app. */
    logger?: FastifyBaseLogger;
    /** Folder of the built web client; omitted in API tests. */
    webDist?: string | null;
  };

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/web');

/** Builds the HTTP app: plugins, guards, services and routes. Listening is the caller's business. */
export async function buildApp(config: AppConfig, db: Database): Promise<FastifyInstance> {
  const app = Fastify({
    ...(config.logger ? { loggerInstance: config.logger } : { logger: false }),
    // Behind a reverse proxy, the client's IP (for rate limits) comes from X-Forwarded-For.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies: text/plain is a "simple" type a cross-site form may send without a preflight.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);

  await app.register(fastifyCookie);
  registerCrossSiteGuard(app, config.publicUrl);

  const sessions = createSessionsService({ db, sessionSecret: config.sessionSecret });
  registerSessionAuth(app, sessions);
  const limiter = new RateLimiter(config.authRateLimitPerMinute, 60_000);
  const auth = createAuthService({ db, sessions, limiter });

  await app.register(authRoutes(auth, config.secureCookies));
  await app.register(usersRoutes(createUsersService({ db })));
  await app.register(leadsRoutes(createLeadsService({ db })));
  await app.register(templatesRoutes(createTemplatesService({ db })));
  const oauthProviders = {
    outlook: microsoftProvider(config.oauth.microsoft),
    gmail: googleProvider(config.oauth.google),
  };
  const accounts = createAccountsService({
    db,
    secrets: new SecretBox(config.encryptionKey),
    apiTransport: (provider, tokens, save) =>
      new ApiTransport(
        tokens,
        oauthProviders[provider],
        provider === 'outlook'
          ? graphSendMail(config.oauth.microsoft.graphUrl)
          : gmailSendMessage(config.oauth.google.gmailUrl),
        save,
      ),
  });
  app.addHook('onClose', async () => accounts.close());
  await app.register(accountsRoutes(accounts));
  await app.register(
    oauthRoutes(createOAuthService({ db, publicUrl: config.publicUrl, providers: oauthProviders, sessions, accounts })),
  );
  await app.register(aiRoutes(createAiService({ writer: createEmailWriter(config) })));
  app.get('/api/health', async () => ({ status: 'ok' }));

  if (config.webDist !== null) await registerWebClient(app, config.webDist ?? defaultWebDist);
  return app;
}
