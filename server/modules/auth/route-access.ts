import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import { AppError } from '../../lib/app-error';

/** Who may call a route: anyone, or only a signed-in user (the default of every API route). */
export type RouteAccess = 'public' | 'user';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this API route; an API route that does not say needs a signed-in user. */
    access?: RouteAccess;
  }
}

/** The declaration a public API route carries: `app.post(url, { config: PUBLIC_ROUTE, … }, …)`. */
export const PUBLIC_ROUTE = { access: 'public' } as const satisfies { access: RouteAccess };

/**
 * Refuses a signed-out call to a route that needs a user before its body is read: a route-level `onRequest` hook,
 * which Fastify runs after the app's own (the session is resolved by then) and before any parsing. So no body from
 * someone without an account is ever buffered or parsed, whatever its size. Routes still call `requireUser` for the
 * typed user; this gate is what makes the refusal come first.
 */
export function registerRouteAccess(app: FastifyInstance, options: { publicPrefixes?: readonly string[] } = {}) {
  const publicPrefixes = options.publicPrefixes ?? [];
  app.addHook('onRoute', (route) => {
    // Routes a plugin adds under a public prefix (the API's documentation) cannot declare PUBLIC_ROUTE themselves.
    if (publicPrefixes.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`))) {
      route.config = { ...route.config, ...PUBLIC_ROUTE };
    }
    if (!route.url.startsWith('/api/') || route.config?.access === 'public') return;
    route.onRequest = withGate(route.onRequest);
  });
}

const signedInOnly: onRequestHookHandler = (request, _reply, done) => {
  done(request.currentUser ? undefined : AppError.unauthorized());
};

function withGate(hooks: RouteOptions['onRequest']): onRequestHookHandler[] {
  const existing = hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
  // HEAD routes are made from their GET route's options: the gate goes in once.
  return existing.includes(signedInOnly) ? existing : [signedInOnly, ...existing];
}
