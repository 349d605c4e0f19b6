import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiRequest } from './api-request';

/**
 * The content security policy of every answer. Scripts come only from our own origin (the Vite build has no inline
 * script), so a payload that slips into the page cannot run. Styles may be inline: Radix and Recharts set them
 * from script, and the template preview's document carries its own. Images may come from anywhere a template
 * links them. The template preview is an `srcdoc` frame with an empty sandbox, which inherits this policy.
 */
export function contentSecurityPolicy(https: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Over plain http (a LAN install) upgrading would break every request.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The usual security headers on every answer (helmet's). Pages get the policy above, no framing, no MIME sniffing,
 * referrers only within the app (a same-origin POST keeps its Origin, which the cross-site guard reads), HSTS when
 * served over https. JSON answers of `/api/` get the set OWASP gives for REST APIs, as a browser applies the rest
 * only to documents: a policy that allows nothing (`default-src 'none'`: a JSON answer opened as a page can load and
 * run nothing), no framing, no sniffing, no reading from other origins (Cross-Origin-Resource-Policy) and HSTS; the
 * other seven page headers would be 500 bytes and 3% of the CPU time of a small API call (decision 0052). The
 * tracking pixel sets its own Cross-Origin-Resource-Policy: mail clients load it from other origins. The headers
 * are the same for every request, so helmet computes them once, at start, and each request only copies them
 * (@fastify/helmet runs all of helmet on every request: docs/decisions/0042).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  const shared = {
    strictTransportSecurity: options.https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  } satisfies HelmetOptions;
  const pageHeaders = helmetHeaders({
    ...shared,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options.https) },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  const apiHeaders = helmetHeaders({
    ...shared,
    contentSecurityPolicy: { useDefaults: false, directives: API_CONTENT_SECURITY_POLICY },
    // Headers that only a document (or a plug-in, or Internet Explorer) reads.
    referrerPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiRequest(request) ? apiHeaders : pageHeaders);
    done();
  });
}

/** The policy of JSON answers: nothing may load, run or frame them. */
const API_CONTENT_SECURITY_POLICY = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

/** The headers helmet's middleware sets with these options, collected from one run of it. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
