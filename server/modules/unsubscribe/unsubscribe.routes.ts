import type { FastifyPluginAsync } from 'fastify';
import type { UnsubscribeService } from './unsubscribe.service';
import { confirmPage, donePage, invalidLinkPage } from './unsubscribe-page';

type TokenRoute = { Params: { token: string } };

/** RFC 8058's field, `List-Unsubscribe=One-Click`, as a urlencoded body or a multipart form field. */
function isOneClick(body: string): boolean {
  if (new URLSearchParams(body).get('List-Unsubscribe') === 'One-Click') return true;
  return /name="?List-Unsubscribe"?[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/i.test(body);
}

/**
 * The unsubscribe link of every campaign mail, outside /api/ and open to anyone holding a valid link. POST is RFC
 * 8058's one-click: mail clients send `List-Unsubscribe=One-Click` (urlencoded or multipart) with no cookie or
 * Origin, and get 200, never a redirect. GET only shows a page that asks.
 */
export function unsubscribeRoutes(service: UnsubscribeService): FastifyPluginAsync {
  return async (app) => {
    // Scoped to this plugin: whatever the body's type, it is read as text and looked for the one-click field.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
      done(null, body),
    );

    app.get<TokenRoute>('/u/:token', async (request, reply) => {
      const target = await service.target(request.params.token);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return target ? confirmPage(target) : reply.status(404).send(invalidLinkPage());
    });

    app.post<TokenRoute>('/u/:token', async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!isOneClick(String(request.body ?? ''))) {
        const oneClick = 'Send List-Unsubscribe=One-Click to unsubscribe.';
        return reply.status(400).send(oneClick);
      }
      const target = await service.unsubscribe(request.params.token);
      return target ? donePage(target) : reply.status(404).send(invalidLinkPage());
    });
  };
}
