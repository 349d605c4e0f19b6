import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { isApiRequest } from '../../lib/api-request';
import { AppError } from '../../lib/app-error';
import { bearerToken } from '../../lib/bearer-token';
import type { RequestContext } from './auth.service';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, type SessionsService } from './sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved once per API request from the session cookie. */
    currentUser: UserRow | null;
  }
}

/** Resolves the session cookie of every API request into `request.currentUser`. */
export function registerSessionAuth(app: FastifyInstance, sessions: SessionsService) {
  app.decorateRequest('currentUser', null);
  // Synchronous where there is nothing to look up (pages, tracking links), as every request passes here.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    // A bearer request is an API key's (registerApiKeyAuth): a cookie sent beside it is not used.
    if (!token || !isApiRequest(request) || bearerToken(request) !== null) return done();
    sessions.resolve(token).then((user) => {
      request.currentUser = user;
      done();
    }, done);
  });
}

/** The signed-in user, or a 401 for the client to turn into its "logged out" flow. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw AppError.unauthorized();
  return request.currentUser;
}

/** The signed-in administrator; anyone else gets 401 (signed out) or 403 (docs/product.md §6's "Access Denied" text). */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isAdmin) throw AppError.forbidden();
  return user;
}

export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: request.headers['user-agent'], sessionToken: request.cookies[SESSION_COOKIE] };
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
