import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { expiredLinkPage, notInMailPage } from './click-pages';
import type { HitRequest } from './hit-rows';
import type { TrackingService } from './tracking.service';

/** A transparent 1x1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const hitRequest = (request: FastifyRequest): HitRequest => ({
  method: request.method,
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/**
 * The pixel and click links of tracked mails, outside /api/: mail clients and browsers follow them with no session.
 * Neither may be cached, or a second open or click would never reach us.
 */
export function trackingRoutes(service: TrackingService): FastifyPluginAsync {
  return async (app) => {
    // The same image for any token, valid or not: the answer tells nothing about the link.
    app.get<{ Params: { token: string } }>('/t/o/:token', async (request, reply) => {
      await service.open(request.params.token, hitRequest(request));
      return (
        reply
          .type('image/gif')
          .header('cache-control', 'no-store, no-cache, must-revalidate, max-age=0')
          .header('pragma', 'no-cache')
          .header('expires', '0')
          // Webmail in a browser loads it from its own origin.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(PIXEL)
      );
    });

    app.get<{ Params: { token: string }; Querystring: { u?: unknown } }>('/t/c/:token', async (request, reply) => {
      const target = typeof request.query.u === 'string' ? request.query.u : '';
      const click = await service.click(request.params.token, target, hitRequest(request));
      reply.header('cache-control', 'no-store');
      if (click.outcome === 'redirect') return reply.redirect(click.location, 302);
      // Never a redirect: a page a person can read (decision 0059).
      reply.type('text/html; charset=utf-8');
      if (click.outcome === 'expired') return reply.status(410).send(expiredLinkPage(click.url, click.linkDays));
      return reply.status(404).send(notInMailPage());
    });
  };
}
