import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether this is a JSON API request; decided once per request by `isApiRequest`. */
    apiRequest: boolean | null;
  }
}

const API_PREFIX = '/api/';
/** The web client's catch-all page route: it matches API paths no API route has, so it cannot decide alone. */
const CATCH_ALL_ROUTE = '/*';

/** Every request starts undecided; the first guard to ask decides (registered before any guard). */
export function registerApiRequest(app: FastifyInstance) {
  app.decorateRequest('apiRequest', null);
}

/**
 * A request for the JSON API, as opposed to a page, an asset or a tracking link: what gets sessions, guards and API
 * headers. Decided on the route the router matched, which it found on the decoded path (`/%61pi/…` is an API
 * route), so no guard reads a spelling of the URL the router does not; a path no route matched is decoded the way
 * the router decodes it.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  if (typeof request.apiRequest === 'boolean') return request.apiRequest;
  const route = request.routeOptions.url;
  const decided =
    route !== undefined && route !== CATCH_ALL_ROUTE ? route.startsWith(API_PREFIX) : isApiPath(request.url);
  request.apiRequest = decided;
  return decided;
}

/** A raw request URL whose path, decoded, is under /api/ (percent-encoded letters and slashes included). */
export function isApiPath(rawUrl: string): boolean {
  const end = rawUrl.search(/[?#]/);
  const path = end === -1 ? rawUrl : rawUrl.slice(0, end);
  if (!path.includes('%')) return path.startsWith(API_PREFIX);
  try {
    return decodeURIComponent(path).startsWith(API_PREFIX);
  } catch {
    // Undecodable: the router answers it 400 before any route; treat it as the API, the stricter side.
    return true;
  }
}
