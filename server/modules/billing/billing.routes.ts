import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSchema } from '../../../contract/auth';
import { subscriptionDetailsSchema } from '../../../contract/subscription';
import { requireUser } from '../auth/auth.plugin';
import { PUBLIC_ROUTE } from '../auth/route-access';
import { toUserDto } from '../shared/user-dto';
import type { StripeWebhookService } from './stripe-webhook.service';
import type { SubscriptionService } from './subscription.service';

export function billingRoutes(
  subscriptions: SubscriptionService,
  webhooks: StripeWebhookService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/subscription', { schema: { response: { 200: subscriptionDetailsSchema } } }, async (request) =>
      subscriptions.details(requireUser(request)),
    );

    app.post('/api/subscription/cancel', { schema: { response: { 200: userSchema } } }, async (request) =>
      toUserDto(await subscriptions.cancel(requireUser(request))),
    );

    // Stripe signs the exact bytes it sent: this one route keeps its body raw (its own plugin scope).
    await app.register(async (raw) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      raw.post(
        '/api/webhooks/stripe',
        {
          config: PUBLIC_ROUTE,
          schema: { response: { 200: z.object({ received: z.literal(true), applied: z.boolean() }) } },
        },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          const { applied, note } = await webhooks.handle(
            Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            typeof signature === 'string' ? signature : undefined,
          );
          if (note) request.log.warn(`Stripe webhook: ${note}`);
          return { received: true as const, applied };
        },
      );
    });
  };
}

/** Every signed-in request sees the subscription as it is now: a trial or paid period that ended is expired. */
export function registerSubscriptionRefresh(app: FastifyInstance, subscriptions: SubscriptionService) {
  // Synchronous where nothing changed, as every request passes here.
  app.addHook('onRequest', (request, _reply, done) => {
    const user = request.currentUser;
    if (!user || subscriptions.isCurrent(user)) return done();
    subscriptions.current(user).then((current) => {
      request.currentUser = current;
      done();
    }, done);
  });
}
