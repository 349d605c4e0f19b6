import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBillingSchema,
  adminResetPasswordSchema,
  adminRoleChangeSchema,
  adminSubscriptionChangeSchema,
  adminUserRowSchema,
  invitationListSchema,
  invitationSentSchema,
  inviteRequestSchema,
} from '../../../contract/admin';
import { requestContext, requireAdmin } from '../auth/auth.plugin';
import type { AdminService } from './admin.service';

export function adminRoutes(service: AdminService): FastifyPluginAsyncZod {
  return async (app) => {
    // Before the body is read: anyone but an admin gets 401 (signed out) or 403, whatever they sent.
    app.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });

    app.get('/api/admin/users', { schema: { response: { 200: z.array(adminUserRowSchema) } } }, async () =>
      service.listUsers(),
    );

    app.post(
      '/api/admin/reset-password',
      { schema: { body: adminResetPasswordSchema, response: { 200: z.object({ message: z.string() }) } } },
      async (request) =>
        service.resetPassword(requireAdmin(request), request.body, requestContext(request).sessionToken),
    );

    app.post(
      '/api/admin/users/:id/role',
      {
        schema: {
          params: z.object({ id: z.string() }),
          body: adminRoleChangeSchema,
          response: { 200: adminUserRowSchema.shape.user },
        },
      },
      async (request) => service.setRole(request.params.id, request.body.isAdmin),
    );

    app.get('/api/admin/billing', { schema: { response: { 200: adminBillingSchema } } }, async () => service.billing());

    app.post(
      '/api/admin/users/:id/subscription',
      {
        schema: {
          params: z.object({ id: z.string() }),
          body: adminSubscriptionChangeSchema,
          response: { 200: adminUserRowSchema },
        },
      },
      async (request) => service.setSubscription(request.params.id, request.body),
    );

    app.get('/api/admin/invitations', { schema: { response: { 200: invitationListSchema } } }, async () =>
      service.invitations.list(),
    );

    app.post(
      '/api/admin/invitations',
      { schema: { body: inviteRequestSchema, response: { 201: invitationSentSchema } } },
      async (request, reply) =>
        reply.status(201).send(await service.invitations.invite(requireAdmin(request), request.body.email)),
    );

    app.delete(
      '/api/admin/invitations/:id',
      { schema: { params: z.object({ id: z.string() }), response: { 200: z.object({ message: z.string() }) } } },
      async (request) => service.invitations.revoke(request.params.id),
    );
  };
}
