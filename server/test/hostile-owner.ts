import type { RouteOptions } from 'fastify';
import { expect } from 'vitest';
import { createRepliesFixture, prospectMail } from './replies-fixture';

/**
 * User A of the hostile-input tests: the install's first user (so an admin), owning one row of every kind a route
 * takes an id of (lead, template, mailbox, campaign, response, lead search, invitation, API key), made through the real API and the
 * real sender and inbound reader. `idFor` fills a route's `:id` with A's row of that kind.
 */
export async function createHostileOwner() {
  const f = await createRepliesFixture({ email: 'owner-a@hostile.test', leads: 2 });
  const sent = await f.sentTo(0);
  const taken = await f.t.container.services.inbound.take(
    f.account,
    Buffer.from(
      prospectMail({
        from: 'Lead Zero <lead-0@prospects.test>',
        subject: 'Re: Homes near you',
        text: 'Yes, call me on Thursday.',
        messageId: '<hostile-reply@prospects.test>',
        inReplyTo: sent.messageId,
      }),
    ),
  );
  expect(taken).toEqual({ outcome: 'taken', kind: 'reply' });
  const responses = await f.call('GET', '/api/responses');
  const responseId = responses.json()[0].id as number;
  const search = await f.call('POST', '/api/lead-finder/searches', { query: 'bakery', location: 'Austin, TX' });
  expect(search.statusCode, search.body).toBe(201);
  const templates = await f.call('GET', '/api/templates');
  const invitation = await f.call('POST', '/api/admin/invitations', { email: 'invitee@hostile.test' });
  expect(invitation.statusCode, invitation.body).toBe(201);
  const apiKey = await f.call('POST', '/api/api-keys', { name: 'CRM', scopes: ['read'] });
  expect(apiKey.statusCode, apiKey.body).toBe(201);
  const webhook = await f.call('POST', '/api/webhooks', { url: 'http://127.0.0.1:9/crm', events: ['lead.created'] });
  expect(webhook.statusCode, webhook.body).toBe(201);
  const meetingReceiver = await f.call('POST', '/api/meeting-receivers', { provider: 'calcom' });
  expect(meetingReceiver.statusCode, meetingReceiver.body).toBe(201);

  /** A's row behind each route prefix that ends in `/:id`; a new route with an id needs its kind here. */
  const seeded: Record<string, string | number> = {
    '/api/leads': f.leadIds[0],
    '/api/lead-contact-history': f.leadIds[0],
    '/api/templates': templates.json()[0].id,
    '/api/email-accounts': f.account.id,
    '/api/campaigns': f.campaignId,
    '/api/responses': responseId,
    '/api/lead-finder/searches': search.json().id,
    '/api/admin/users': f.userId,
    '/api/admin/invitations': invitation.json().invitation.id,
    '/api/api-keys': apiKey.json().id,
    // Its delivery routes take A's endpoint id for both ids: 404 at the endpoint already.
    '/api/webhooks': webhook.json().id,
    // Its public hook takes the receiver's token instead: A's id there is an unknown address, 404 as well.
    '/api/meeting-receivers': meetingReceiver.json().id,
    // Not an id but A's lead's address, which a program looks the lead up by.
    '/api/leads/by-email': 'lead-0@prospects.test',
  };

  return {
    ...f,
    responseId,
    seeded,
    /** The URL of `route` with every `:param` filled with A's row; throws for a route nobody seeded for. */
    urlFor(url: string): string {
      const prefix = url.slice(0, url.indexOf('/:'));
      const id = seeded[prefix];
      if (id === undefined) {
        throw new Error(
          `${url} takes an id, but the hostile-input tests have no row of its kind: add one to \`seeded\` in server/test/hostile-owner.ts`,
        );
      }
      return url.replace(/:[^/]+/g, encodeURIComponent(String(id)));
    },
  };
}

export type HostileOwner = Awaited<ReturnType<typeof createHostileOwner>>;

/** Routes the signed-in user can call with a JSON body or none (every method, HEAD aside), from the app's table. */
export function apiRoutes(routes: RouteOptions[]): { method: string; url: string; route: RouteOptions }[] {
  return routes.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
      .map((method) => ({ method, url: route.url, route })),
  );
}
