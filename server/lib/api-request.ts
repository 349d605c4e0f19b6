import type { FastifyRequest } from 'fastify';

/** A request for the JSON API, as opposed to a page, an asset or a tracking link: what gets sessions, guards and API headers. */
export function isApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/');
}
