import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiRequest } from './api-request';
import { AppError } from './app-error';
import { bearerToken } from './bearer-token';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A cross-site page can post forms (urlencoded, multipart, text/plain) with the user's cookie, but it
 * cannot send `application/json` without a CORS preflight we never grant. So a mutating API call must
 * carry JSON or no body at all, and an Origin header, when the browser sends one, must be ours.
 */
export function registerCrossSiteGuard(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  // Synchronous, as every request passes here.
  app.addHook('onRequest', (request, _reply, done) => {
    // A bearer request (an API key's) carries no cookie a cross-site page could ride on.
    const guarded = MUTATING.has(request.method) && isApiRequest(request) && bearerToken(request) === null;
    done(guarded ? refusal(request, publicOrigin) : undefined);
  });
}

/** Why a mutating API call is refused, or undefined when it may go on. */
function refusal(request: FastifyRequest, publicOrigin: string): AppError | undefined {
  const origin = request.headers.origin;
  if (origin && origin !== publicOrigin && !isSameHost(origin, request)) {
    return AppError.forbidden('Cross-site request refused', 'cross_site');
  }
  const contentType = request.headers['content-type'];
  if (contentType && !/^application\/json\b/i.test(contentType)) {
    return new AppError(
      'unsupported_media_type',
      'Send the request body as JSON (Content-Type: application/json)',
      415,
    );
  }
  return undefined;
}

function isSameHost(origin: string, request: FastifyRequest): boolean {
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
