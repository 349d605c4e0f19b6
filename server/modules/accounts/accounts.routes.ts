import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountStatsSchema,
  connectFromIntegrationSchema,
  emailAccountSchema,
  providerConnectionSchema,
  smtpConnectRequestSchema,
  testEmailRequestSchema,
  testEmailResponseSchema,
  updateAccountSchema,
} from '../../../contract/accounts';
import { messageSchema } from '../../../contract/auth';
import { requireUser } from '../auth/auth.plugin';
import type { AccountsService } from './accounts.service';

const idParams = z.object({ id: z.string() });

export function accountsRoutes(service: AccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/email-accounts', { schema: { response: { 200: z.array(emailAccountSchema) } } }, async (request) =>
      service.list(requireUser(request)),
    );

    app.get('/api/email-accounts/stats', { schema: { response: { 200: accountStatsSchema } } }, async (request) =>
      service.stats(requireUser(request)),
    );

    app.get(
      '/api/outlook-connections',
      { schema: { response: { 200: z.array(providerConnectionSchema) } } },
      async (request) => service.connections(requireUser(request)),
    );

    app.post(
      '/api/email-accounts/smtp',
      { schema: { body: smtpConnectRequestSchema, response: { 201: emailAccountSchema } } },
      async (request, reply) => reply.status(201).send(await service.connectSmtp(requireUser(request), request.body)),
    );

    app.post(
      '/api/email-accounts/connect-from-integration',
      { schema: { body: connectFromIntegrationSchema, response: { 201: emailAccountSchema } } },
      async (request, reply) =>
        reply.status(201).send(await service.linkConnection(requireUser(request), request.body)),
    );

    app.patch(
      '/api/email-accounts/:id',
      { schema: { params: idParams, body: updateAccountSchema, response: { 200: emailAccountSchema } } },
      async (request) => service.update(requireUser(request), request.params.id, request.body),
    );

    app.delete(
      '/api/email-accounts/:id',
      { schema: { params: idParams, response: { 200: messageSchema } } },
      async (request) => {
        await service.disconnect(requireUser(request), request.params.id);
        return { message: 'Email account has been disconnected successfully.' };
      },
    );

    app.post(
      '/api/email-accounts/:id/health-check',
      { schema: { params: idParams, response: { 200: emailAccountSchema } } },
      async (request) => service.checkHealth(requireUser(request), request.params.id),
    );

    app.post(
      '/api/email-accounts/:id/test',
      { schema: { params: idParams, body: testEmailRequestSchema, response: { 200: testEmailResponseSchema } } },
      async (request) => service.sendTestEmail(requireUser(request), request.params.id, request.body.to),
    );
  };
}
