import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scopesAllow } from '../../../contract/api-keys';
import type { ApiKeyRow } from '../../db/schema';
import { isApiRequest } from '../../lib/api-request';
import { AppError } from '../../lib/app-error';
import { bearerToken } from '../../lib/bearer-token';
import type { RateLimiter } from '../../lib/rate-limiter';
import { accessOf, apiKeyAreaOf } from './api-key-areas';
import { API_KEY_REQUESTS_PER_MINUTE, type ApiKeysService } from './api-keys.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a bearer request came with; null for a browser's session. */
    apiKey: ApiKeyRow | null;
  }
}

/**
 * Resolves an `Authorization: Bearer <key>` API request into its key's owner, as a session does for a browser:
 * the same routes answer, as that user, within the key's scopes and its rate limit. Runs before any body is read,
 * so a refused key costs no parsing.
 */
export function registerApiKeyAuth(app: FastifyInstance, keys: ApiKeysService, limiter: RateLimiter) {
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const token = bearerToken(request);
    // A public route (health, tracking, sign-in) and a path no route has need no key.
    const route = request.routeOptions;
    if (token === null || !isApiRequest(request) || !route.url || route.config?.access === 'public') return done();
    authenticate(request, token, route.url).then(() => done(), done);
  });

  async function authenticate(request: FastifyRequest, token: string, url: string) {
    const found = await keys.resolve(token);
    if (!found) throw AppError.unauthorized('This API key is not valid, or it has been revoked.');
    const area = apiKeyAreaOf(url);
    if (area === null) {
      throw AppError.forbidden('An API key cannot do this; sign in to LocalReach to do it.');
    }
    const access = accessOf(request.method);
    if (area === 'webhooks' && !scopesAllow(found.key.scopes, area, access)) {
      throw AppError.forbidden('Only an API key that may change everything ("write") can manage webhooks.');
    }
    if (!scopesAllow(found.key.scopes, area, access)) {
      throw AppError.forbidden(`This API key may not ${access === 'read' ? 'read' : 'change'} ${area}.`);
    }
    const wait = await limiter.hit(`api-key:${found.key.id}`, API_KEY_REQUESTS_PER_MINUTE);
    if (wait > 0) {
      throw AppError.tooManyRequests(
        `Too many requests with this API key. Please wait ${wait} second${wait === 1 ? '' : 's'} and try again.`,
        wait,
      );
    }
    request.currentUser = found.user;
    request.apiKey = found.key;
  }
}
