import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Container } from './container';
import type { JobCatalogue } from './jobs/catalogue';
import { registerApiRequest } from './lib/api-request';
import { appRoot } from './lib/app-root';
import { registerClosingConnections } from './lib/closing-connections';
import { registerCompression } from './lib/compression';
import { answerFrameworkError, registerErrorHandler } from './lib/error-handler';
import { type JsonBodyOptions, registerJsonBodies } from './lib/json-bodies';
import { registerCrossSiteGuard } from './lib/request-guards';
import { registerRequestLog } from './lib/request-log';
import { registerSecurityHeaders } from './lib/security-headers';
import { strictBodyValidatorCompiler } from './lib/strict-bodies';
import { fastifyTrustProxy } from './lib/trust-proxy';
import { registerWebClient } from './lib/web-client';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { oauthRoutes } from './modules/accounts/oauth.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { aiRoutes } from './modules/ai/ai.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { API_DOCS_PREFIX, registerOpenApi, registerOpenApiRoutes } from './modules/api-docs/openapi';
import { registerApiKeyAuth } from './modules/api-keys/api-key-auth';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { registerSessionAuth } from './modules/auth/auth.plugin';
import { authRoutes } from './modules/auth/auth.routes';
import { PUBLIC_ROUTE, registerRouteAccess } from './modules/auth/route-access';
import { billingRoutes, registerSubscriptionRefresh } from './modules/billing/billing.routes';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes';
import { leadFinderRoutes } from './modules/lead-finder/lead-finder.routes';
import { leadByEmailRoutes } from './modules/leads/lead-by-email.routes';
import { leadsRoutes } from './modules/leads/leads.routes';
import { meetingReceiversRoutes } from './modules/meetings/meeting-receivers.routes';
import { responsesRoutes } from './modules/responses/responses.routes';
import { stockTipsRoutes } from './modules/stock-tips/stock-tips.routes';
import { strategyRoutes } from './modules/strategy/strategy.routes';
import { supportRoutes } from './modules/support/support.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { unsubscribeRoutes } from './modules/unsubscribe/unsubscribe.routes';
import { usersRoutes } from './modules/users/users.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';

export type AppOptions = {
  /** Folder of the built web client; null serves the API only (API tests). */
  webDist?: string | null;
  /** Told of every route as it is added: the hostile-input tests fuzz and cross-check the whole route table. */
  onRoute?: (route: RouteOptions) => void;
  /** The memory bound of request bodies (tests make it small). */
  jsonBodies?: JsonBodyOptions;
};

export const defaultWebDist = path.join(appRoot, 'dist/web');

/** Builds the HTTP app on the container's services: plugins, guards and routes. Listening is the caller's business. */
export async function buildApp<Catalogue extends JobCatalogue>(
  container: Container<Catalogue>,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const { config, services } = container;
  const app = Fastify({
    loggerInstance: container.log,
    // One line per request, written when it is answered (registerRequestLog), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Behind a reverse proxy, the client's IP (for rate limits) comes from X-Forwarded-For, set by trusted hops only.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies: text/plain is a "simple" type a cross-site form may send without a preflight.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  registerApiRequest(app);
  registerRouteAccess(app, { publicPrefixes: [API_DOCS_PREFIX] });
  registerJsonBodies(app, options.jsonBodies);
  registerRequestLog(app);
  registerClosingConnections(app);

  registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https://') });
  await registerCompression(app);
  await app.register(fastifyCookie);
  registerCrossSiteGuard(app, config.publicUrl);
  registerSessionAuth(app, services.sessions);
  registerApiKeyAuth(app, services.apiKeys, services.limiter);
  registerSubscriptionRefresh(app, services.subscriptions);

  await registerOpenApi(app, { publicUrl: config.publicUrl });
  await app.register(authRoutes(services.auth, services.passwordReset, config.secureCookies));
  await app.register(usersRoutes(services.users));
  await app.register(apiKeysRoutes(services.apiKeys));
  await app.register(webhooksRoutes(services.webhooks));
  await app.register(leadsRoutes(services.leads));
  await app.register(leadByEmailRoutes(services.leadByEmail));
  await app.register(leadFinderRoutes(services.leadFinder));
  await app.register(templatesRoutes(services.templates));
  await app.register(accountsRoutes(services.accounts));
  await app.register(campaignsRoutes(services.campaigns));
  await app.register(responsesRoutes(services.responses));
  await app.register(unsubscribeRoutes(services.unsubscribe));
  await app.register(trackingRoutes(services.tracking));
  await app.register(oauthRoutes(services.oauth));
  await app.register(aiRoutes(services.ai));
  await app.register(billingRoutes(services.subscriptions, services.stripeWebhooks));
  await app.register(meetingReceiversRoutes(services.meetingReceivers));
  await app.register(analyticsRoutes(services.analytics));
  await app.register(adminRoutes(services.admin));
  await app.register(stockTipsRoutes(services.stockTips));
  await app.register(strategyRoutes(services.strategies));
  await app.register(supportRoutes(config.supportEmail));
  await registerOpenApiRoutes(app);
  app.get('/api/health', { config: PUBLIC_ROUTE }, async () => ({ status: 'ok' }));

  if (options.webDist !== null) await registerWebClient(app, options.webDist ?? defaultWebDist);
  return app;
}
