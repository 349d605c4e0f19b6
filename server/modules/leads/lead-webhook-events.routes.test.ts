import { beforeAll, describe, expect, it } from 'vitest';
import { CSV_CHUNK_ROWS } from '../../../contract/leads';
import { leadSearches, leadSearchResults } from '../../db/schema';
import { getCurrentUser, registerUser } from '../../test/app';
import { queuedEvents, insertWebhookEndpoint as subscribeTo } from '../../test/webhook-deliveries';
import { createLeadsTestApp } from './leads-test-helpers';

const { t, app, call, upload } = await createLeadsTestApp();
const { db } = t.database;

/** A user whose endpoint hears every lead event: their session and id. */
async function subscribedUser(label: string) {
  const token = await registerUser(app, `${label}@lead-events.test`);
  const userId = (await getCurrentUser(app, token)).json().id as string;
  await subscribeTo(db, userId, ['lead.created', 'lead.updated', 'lead.unsubscribed']);
  return { token, userId, events: () => queuedEvents(db, userId) };
}

const leadOf = (lead: { id: number; email: string }, rest: Record<string, unknown> = {}) => ({
  id: lead.id,
  email: lead.email,
  firstName: null,
  lastName: null,
  company: null,
  status: 'active',
  ...rest,
});

let ana: Awaited<ReturnType<typeof subscribedUser>>;
beforeAll(async () => {
  ana = await subscribedUser('ana');
});

describe('lead.created', () => {
  it('is queued once for a lead added by hand, with the lead; not for a refused duplicate', async () => {
    const before = (await ana.events()).length;
    const created = await call('POST', '/api/leads', ana.token, {
      email: 'maria@bakery.test',
      firstName: 'Maria',
      company: 'Lopez Bakery',
    });
    expect(created.statusCode).toBe(201);
    const lead = created.json();
    const duplicate = await call('POST', '/api/leads', ana.token, { email: 'MARIA@bakery.test' });
    expect(duplicate.statusCode).toBe(409);
    expect((await ana.events()).slice(before)).toEqual([
      { type: 'lead.created', data: { lead: leadOf(lead, { firstName: 'Maria', company: 'Lopez Bakery' }) } },
    ]);
  });

  it('is queued for no one without an endpoint that subscribes to it', async () => {
    const token = await registerUser(app, 'quiet@lead-events.test');
    const userId = (await getCurrentUser(app, token)).json().id as string;
    await subscribeTo(db, userId, ['email.opened']);
    expect((await call('POST', '/api/leads', token, { email: 'a@quiet.test' })).statusCode).toBe(201);
    expect((await upload(token, [{ email: 'b@quiet.test' }])).json()).toMatchObject({ added: 1 });
    expect(await queuedEvents(db, userId)).toEqual([]);
  });

  it('is queued for each lead a CSV import adds, chunk by chunk, and not for the duplicates it skips', async () => {
    const user = await subscribedUser('importer');
    await call('POST', '/api/leads', user.token, { email: 'row0@import.test' });
    const first = Array.from({ length: CSV_CHUNK_ROWS }, (_, i) => ({ email: `row${i}@import.test` }));
    expect((await upload(user.token, first)).json()).toMatchObject({ added: CSV_CHUNK_ROWS - 1, duplicates: 1 });
    const second = [{ email: `row${CSV_CHUNK_ROWS}@import.test` }, { email: 'ROW1@import.test' }, { email: 'x' }];
    expect((await upload(user.token, second)).json()).toMatchObject({ added: 1, duplicates: 1, errors: 1 });

    const created = (await user.events()).filter((event) => event.type === 'lead.created');
    expect(created).toHaveLength(CSV_CHUNK_ROWS + 1);
    const emails = created.map((event) => (event.data.lead as { email: string }).email);
    expect(new Set(emails).size).toBe(CSV_CHUNK_ROWS + 1);
    expect(created.at(-1)?.data.lead).toEqual({
      id: expect.any(Number),
      email: `row${CSV_CHUNK_ROWS}@import.test`,
      firstName: null,
      lastName: null,
      company: null,
      status: 'active',
    });
  });

  it('is queued for each business the lead finder saves to the leads', async () => {
    const user = await subscribedUser('finder');
    const [search] = await db
      .insert(leadSearches)
      .values({ userId: user.userId, query: 'dentist', location: 'Springfield', radiusKm: 5, status: 'completed' })
      .returning();
    const results = await db
      .insert(leadSearchResults)
      .values(
        ['hello@brightsmile.test', null].map((email, i) => ({
          searchId: search.id,
          userId: user.userId,
          source: 'osm' as const,
          sourceId: `node/${i}`,
          name: `Dental ${i}`,
          email,
        })),
      )
      .returning();
    const saved = await call('POST', `/api/lead-finder/searches/${search.id}/import`, user.token, {
      resultIds: results.map((result) => result.id),
    });
    expect(saved.json()).toMatchObject({ added: 1, errors: 1 });
    const events = await user.events();
    expect(events).toEqual([
      {
        type: 'lead.created',
        data: { lead: expect.objectContaining({ email: 'hello@brightsmile.test', company: 'Dental 0' }) },
      },
    ]);
  });
});

describe('lead.updated and lead.unsubscribed', () => {
  it('an edit is queued once with the lead as it now is; an edit that changes nothing or is refused is not', async () => {
    const user = await subscribedUser('editor');
    const lead = (await call('POST', '/api/leads', user.token, { email: 'joe@shop.test', firstName: 'Joe' })).json();
    await call('POST', '/api/leads', user.token, { email: 'taken@shop.test' });
    const before = (await user.events()).length;

    const edited = await call('PATCH', `/api/leads/${lead.id}`, user.token, { lastName: 'Smith', customFields: {} });
    expect(edited.statusCode).toBe(200);
    expect((await call('PATCH', `/api/leads/${lead.id}`, user.token, { firstName: 'Joe' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/leads/${lead.id}`, user.token, { email: 'taken@shop.test' })).statusCode).toBe(
      409,
    );
    expect((await user.events()).slice(before)).toEqual([
      { type: 'lead.updated', data: { lead: leadOf(lead, { firstName: 'Joe', lastName: 'Smith' }) } },
    ]);
  });

  it('marking a lead unsubscribed by hand is an update and an unsubscribe, each once', async () => {
    const user = await subscribedUser('marker');
    const lead = (await call('POST', '/api/leads', user.token, { email: 'kim@shop.test' })).json();
    const before = (await user.events()).length;
    const marked = await call('PATCH', `/api/leads/${lead.id}`, user.token, { status: 'unsubscribed' });
    expect(marked.statusCode).toBe(200);
    await call('PATCH', `/api/leads/${lead.id}`, user.token, { status: 'unsubscribed' });
    const unsubscribed = leadOf(lead, { status: 'unsubscribed' });
    expect((await user.events()).slice(before)).toEqual([
      { type: 'lead.updated', data: { lead: unsubscribed } },
      { type: 'lead.unsubscribed', data: { lead: unsubscribed, unsubscribedAt: marked.json().statusChangedAt } },
    ]);
  });

  it('a bulk status change is queued for each lead it changed, none for those already in it', async () => {
    const user = await subscribedUser('bulk');
    const made = [];
    for (const email of ['a@bulk.test', 'b@bulk.test', 'c@bulk.test']) {
      made.push((await call('POST', '/api/leads', user.token, { email })).json());
    }
    await call('PATCH', `/api/leads/${made[2].id}`, user.token, { status: 'bounced' });
    const before = (await user.events()).length;
    const changed = await call('POST', '/api/leads/bulk-status', user.token, {
      ids: made.map((lead) => lead.id),
      status: 'bounced',
    });
    expect(changed.json()).toEqual({ changed: 2 });
    const events = (await user.events()).slice(before);
    expect(events).toEqual(
      made.slice(0, 2).map((lead) => ({ type: 'lead.updated', data: { lead: leadOf(lead, { status: 'bounced' }) } })),
    );

    const before2 = (await user.events()).length;
    await call('POST', '/api/leads/bulk-status', user.token, { ids: [made[0].id], status: 'unsubscribed' });
    expect((await user.events()).slice(before2).map((event) => event.type)).toEqual([
      'lead.updated',
      'lead.unsubscribed',
    ]);
  });
});

describe('PUT /api/leads/by-email/{email}', () => {
  async function crmOf(token: string) {
    const made = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      payload: { name: 'CRM', scopes: ['leads:write'] },
      headers: { cookie: `lr_session=${token}` },
    });
    const { key } = made.json();
    return (email: string, payload: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/leads/by-email/${email}`,
        payload,
        headers: { authorization: `Bearer ${key}` },
      });
  }

  it('creating is one lead.created as the changes left it; updating is one lead.updated, only when it changed', async () => {
    const user = await subscribedUser('crm');
    const put = await crmOf(user.token);
    const created = await put('eva%40shop.test', { firstName: 'Eva', customFields: { deal: 'open' } });
    expect(created.statusCode).toBe(201);
    const lead = created.json();
    expect(await user.events()).toEqual([{ type: 'lead.created', data: { lead: leadOf(lead, { firstName: 'Eva' }) } }]);

    expect((await put('EVA%40shop.test', { firstName: 'Eva', customFields: { deal: 'open' } })).statusCode).toBe(200);
    expect(await user.events()).toHaveLength(1);
    expect((await put('eva%40shop.test', { company: 'Eva Shop' })).statusCode).toBe(200);
    expect((await user.events()).slice(1)).toEqual([
      { type: 'lead.updated', data: { lead: leadOf(lead, { firstName: 'Eva', company: 'Eva Shop' }) } },
    ]);
  });

  it('a refused change queues nothing', async () => {
    const user = await subscribedUser('crm-refused');
    const put = await crmOf(user.token);
    const fields = (prefix: string) => Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`${prefix}${i}`, 'x']));
    expect((await put('new%40shop.test', { customFields: fields('a') })).statusCode).toBe(201);
    // 120 fields once merged: more than a lead may have.
    expect((await put('new%40shop.test', { firstName: 'Nat', customFields: fields('b') })).statusCode).toBe(400);
    expect((await user.events()).map((event) => event.type)).toEqual(['lead.created']);
  });
});
