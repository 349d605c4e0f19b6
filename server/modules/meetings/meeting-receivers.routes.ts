import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createMeetingReceiverRequestSchema,
  meetingHookAnswerSchema,
  meetingReceiverSchema,
} from '../../../contract/meeting-receivers';
import { resourceId } from '../../lib/resource-id';
import { requireUser } from '../auth/auth.plugin';
import { PUBLIC_ROUTE } from '../auth/route-access';
import { MEETING_HOOK_BODY_LIMIT, type MeetingReceiversService } from './meeting-receivers.service';

/**
 * Settings → Meetings: a signed-in person manages receivers (never an API key: api-key-areas.ts leaves them out).
 * Cal.com and Calendly post to the public hook, which answers only to their signature.
 */
export function meetingReceiversRoutes(receivers: MeetingReceiversService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/meeting-receivers', { schema: { response: { 200: z.array(meetingReceiverSchema) } } }, (request) =>
      receivers.list(requireUser(request)),
    );

    app.post(
      '/api/meeting-receivers',
      { schema: { body: createMeetingReceiverRequestSchema, response: { 201: meetingReceiverSchema } } },
      async (request, reply) => reply.code(201).send(await receivers.create(requireUser(request), request.body)),
    );

    app.delete(
      '/api/meeting-receivers/:id',
      { schema: { params: z.object({ id: z.string() }) } },
      async (request, reply) => {
        await receivers.remove(requireUser(request), resourceId(request.params.id, 'Meeting receiver not found'));
        return reply.code(204).send();
      },
    );

    // The providers sign the exact bytes they sent: this one route keeps its body raw (its own plugin scope).
    await app.register(async (scope) => {
      const raw = scope.withTypeProvider<ZodTypeProvider>();
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      raw.post(
        '/api/meeting-receivers/:token/hook',
        {
          config: PUBLIC_ROUTE,
          bodyLimit: MEETING_HOOK_BODY_LIMIT,
          schema: { params: z.object({ token: z.string() }), response: { 200: meetingHookAnswerSchema } },
        },
        async (request) => {
          const { applied } = await receivers.receive(
            request.params.token,
            request.headers,
            Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          );
          return { received: true as const, applied };
        },
      );
    });
  };
}
