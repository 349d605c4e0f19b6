import type { FastifyRequest } from 'fastify';

/**
 * The token of an `Authorization: Bearer …` header, or null without one. A bearer request is a program using an API
 * key: it carries no session cookie that a cross-site page could ride on, so the cookie and the cross-site guard
 * are not for it.
 */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.length > 200) return null;
  const match = /^Bearer +(\S+)$/i.exec(header);
  return match ? match[1] : null;
}
