import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { leads } from '../../db/schema';
import { createTestApp, registerUser } from '../../test/app';
import { SEARCH_RECENT_WINDOW, searchWords } from './lead-list';

const t = await createTestApp();
const { app } = t;
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) {
  return app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
}
const upload = (token: string, csvData: unknown[]) =>
  call('POST', '/api/leads/upload-csv', token, { csvData, firstRowNumber: 2 });
const emailsOf = (response: { json(): { email: string }[] }) => response.json().map((lead) => lead.email);

describe('GET /api/leads?search=&status=', () => {
  let owner: string;
  beforeAll(async () => {
    owner = await registerUser(app, 'search-owner@leads.test');
    const stranger = await registerUser(app, 'search-stranger@leads.test');
    await upload(owner, [
      {
        Email: 'ana@bakery.test',
        'First Name': 'Ana',
        'Last Name': 'Lopez',
        Company: 'Sunrise Bakery',
        City: 'Austin',
      },
      { Email: 'bo@plumbing.test', 'First Name': 'Bo', Company: 'Pipes & Co', City: 'Denver' },
      { Email: 'cy@cafe.test', 'Last Name': 'Austen', Company: '100% Coffee', City: 'Boise' },
      { Email: 'di_x@florist.test', 'First Name': 'Di', Company: 'Blooms', City: 'AUSTIN' },
    ]);
    await upload(stranger, [{ Email: 'austin@elsewhere.test', City: 'Austin' }]);
    const [bo] = await t.database.db.select().from(leads).where(eq(leads.email, 'bo@plumbing.test'));
    await t.database.db.update(leads).set({ status: 'unsubscribed' }).where(eq(leads.id, bo.id));
  });

  it('finds words in the email, names, company and custom-field values, whatever their case', async () => {
    const search = (term: string) => call('GET', `/api/leads?search=${encodeURIComponent(term)}`, owner);
    expect(emailsOf(await search('austin'))).toEqual(['di_x@florist.test', 'ana@bakery.test']);
    expect(emailsOf(await search('AUST'))).toEqual(['di_x@florist.test', 'cy@cafe.test', 'ana@bakery.test']);
    expect(emailsOf(await search('lopez'))).toEqual(['ana@bakery.test']);
    expect(emailsOf(await search('plumbing.test'))).toEqual(['bo@plumbing.test']);
    expect(emailsOf(await search('pipes &'))).toEqual(['bo@plumbing.test']);
    // LIKE's own characters are plain text: "%" and "_" match only themselves.
    expect(emailsOf(await search('100%'))).toEqual(['cy@cafe.test']);
    expect(emailsOf(await search('i_x'))).toEqual(['di_x@florist.test']);
    expect(emailsOf(await search('%'))).toEqual(['cy@cafe.test']);
    expect(emailsOf(await search('nobody'))).toEqual([]);
  });

  it('combines the search with the status filter and pages as the list does', async () => {
    const list = (query: string) => call('GET', `/api/leads?${query}`, owner);
    expect(emailsOf(await list('search=test&status=unsubscribed'))).toEqual(['bo@plumbing.test']);
    expect(emailsOf(await list('search=austin&status=active'))).toEqual(['di_x@florist.test', 'ana@bakery.test']);
    expect(emailsOf(await list('status=unsubscribed'))).toEqual(['bo@plumbing.test']);
    expect(emailsOf(await list('search=&status='))).toHaveLength(4);
    expect(emailsOf(await list('search=test&limit=2&offset=1'))).toEqual(['cy@cafe.test', 'bo@plumbing.test']);
    expect((await list('status=gone')).statusCode).toBe(400);
    expect((await list(`search=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('finds a rare word among the oldest of more leads than it reads first, newest first', async () => {
    const many = await registerUser(app, 'search-many@leads.test');
    const total = SEARCH_RECENT_WINDOW + 600;
    // Oldest first in the file: the last rows are the newest leads. Every 7th is in Tucson; two old ones are rare.
    const rows = Array.from({ length: total }, (_, i) => ({
      Email: `lead${i}@many.test`,
      City: i === 3 || i === 11 ? 'Zanzibar' : i % 7 === 0 ? 'Tucson' : 'Boise',
    }));
    for (let start = 0; start < total; start += 5000) {
      expect((await upload(many, rows.slice(start, start + 5000))).statusCode).toBe(200);
    }
    // The planner has been told how big the table grew, within a factor of two, by the imports themselves.
    const [table] = await queryRows<{ estimated: number }>(
      t.database.db,
      sql`SELECT reltuples::float8 AS estimated FROM pg_class WHERE oid = 'leads'::regclass`,
    );
    expect(table.estimated * 2 + 1000).toBeGreaterThanOrEqual(total);
    const rare = await call('GET', '/api/leads?search=zanzibar', many);
    expect(emailsOf(rare)).toEqual(['lead11@many.test', 'lead3@many.test']);
    // Several words, one of them rare: the rare one is looked up, the whole search still has to match.
    const search = (term: string) => call('GET', `/api/leads?search=${encodeURIComponent(term)}`, many);
    expect(emailsOf(await search('LEAD3@many.test ZANZIBAR'))).toEqual(['lead3@many.test']);
    expect(emailsOf(await search('lead4@many.test zanzibar'))).toEqual([]);
    expect(emailsOf(await search('many.test zanzibar'))).toEqual(['lead11@many.test', 'lead3@many.test']);
    expect(emailsOf(await search('lead10555@many.test'))).toEqual(['lead10555@many.test']);
    // A common word is answered from the newest leads, in the same order as a full search would give.
    const common = emailsOf(await call('GET', '/api/leads?search=tucson&limit=3&offset=2', many));
    const newestTucson = rows
      .map((row, i) => ({ ...row, i }))
      .filter((row) => row.City === 'Tucson')
      .sort((a, b) => b.i - a.i)
      .slice(2, 5)
      .map((row) => row.Email);
    expect(common).toEqual(newestTucson);
  }, 120_000);
});

describe('the search index', () => {
  /** Merges what is pending and answers how many pending pages there were. */
  const mergePending = async () =>
    (
      await queryRows<{ pages: number }>(
        t.database.db,
        sql`SELECT gin_clean_pending_list('leads_search_idx'::regclass)::int AS pages`,
      )
    )[0].pages;

  it('has nothing pending after an import, and housekeeping merges leads added one by one', async () => {
    const owner = await registerUser(app, 'index-owner@leads.test');
    await mergePending();
    const rows = Array.from({ length: 3000 }, (_, i) => ({ Email: `row${i}@index.test`, City: `Town ${i}` }));
    expect((await upload(owner, rows)).statusCode).toBe(200);
    expect(await mergePending()).toBe(0);

    for (let i = 0; i < 30; i++) await call('POST', '/api/leads', owner, { email: `single${i}@index.test` });
    await t.container.services.leads.mergeSearchIndexPending();
    expect(await mergePending()).toBe(0);
    expect(emailsOf(await call('GET', '/api/leads?search=single2', owner))).toEqual([
      'single29@index.test',
      'single28@index.test',
      'single27@index.test',
      'single26@index.test',
      'single25@index.test',
      'single24@index.test',
      'single23@index.test',
      'single22@index.test',
      'single21@index.test',
      'single20@index.test',
      'single2@index.test',
    ]);
  });
});

describe('PATCH /api/leads/{id}', () => {
  let owner: string;
  beforeAll(async () => {
    owner = await registerUser(app, 'edit-owner@leads.test');
  });
  const create = async (email: string) => (await call('POST', '/api/leads', owner, { email })).json();
  const counts = async () => (await call('GET', '/api/leads/count', owner)).json();

  it('edits the names, company and custom fields, and keeps what was not sent', async () => {
    const lead = await create('edit@lead.test');
    const edited = await call('PATCH', `/api/leads/${lead.id}`, owner, {
      firstName: ' Ana ',
      company: 'Sunrise Bakery',
      customFields: { City: 'Austin', Phone: '555' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      email: 'edit@lead.test',
      firstName: 'Ana',
      lastName: null,
      company: 'Sunrise Bakery',
      customFields: { City: 'Austin', Phone: '555' },
      status: 'active',
    });
    const again = await call('PATCH', `/api/leads/${lead.id}`, owner, { company: '', customFields: {} });
    expect(again.json()).toMatchObject({ firstName: 'Ana', company: null, customFields: {} });
    // The edit is searchable at once.
    await call('PATCH', `/api/leads/${lead.id}`, owner, { customFields: { City: 'Flagstaff' } });
    expect(emailsOf(await call('GET', '/api/leads?search=flagstaff', owner))).toEqual(['edit@lead.test']);
  });

  it('applies the Add Lead email rules: valid, and not another lead’s', async () => {
    const lead = await create('first@lead.test');
    await create('taken@lead.test');
    const invalid = await call('PATCH', `/api/leads/${lead.id}`, owner, { email: 'not an email' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: 'Invalid email address.' });
    const taken = await call('PATCH', `/api/leads/${lead.id}`, owner, { email: 'TAKEN@lead.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'A lead with this email already exists' });
    const renamed = await call('PATCH', `/api/leads/${lead.id}`, owner, { email: 'renamed@lead.test' });
    expect(renamed.json()).toMatchObject({ email: 'renamed@lead.test' });
    // Its own address in another case is not a duplicate of itself.
    const recased = await call('PATCH', `/api/leads/${lead.id}`, owner, { email: 'Renamed@lead.test' });
    expect(recased.json()).toMatchObject({ email: 'Renamed@lead.test' });
  });

  it('changes the status by hand, keeping the counts, and says by hand since when', async () => {
    const lead = await create('status@lead.test');
    const before = await counts();
    const unsubscribed = await call('PATCH', `/api/leads/${lead.id}`, owner, { status: 'unsubscribed' });
    expect(unsubscribed.json()).toMatchObject({
      status: 'unsubscribed',
      statusReason: 'Marked unsubscribed by hand',
      statusChangedByHand: true,
    });
    expect(Date.parse(unsubscribed.json().statusChangedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await counts()).toEqual({ ...before, active: before.active - 1, unsubscribed: before.unsubscribed + 1 });

    // Set back by hand, it is active again, with no consent asked: it was the user's own change.
    const active = await call('PATCH', `/api/leads/${lead.id}`, owner, { status: 'active' });
    expect(active.json()).toMatchObject({ status: 'active', statusReason: 'Set to active by hand' });
    expect(await counts()).toEqual(before);

    await call('PATCH', `/api/leads/${lead.id}`, owner, { status: 'bounced' });
    // The counts now say how many bounced too (the summary's figures add up to the total).
    expect(await counts()).toEqual({ ...before, active: before.active - 1, bounced: before.bounced + 1 });
    const list = await call('GET', '/api/leads?status=bounced', owner);
    expect(emailsOf(list)).toEqual(['status@lead.test']);
  });

  it('sets a lead who unsubscribed themselves back to active only when they asked to', async () => {
    const lead = await create('optout@lead.test');
    // As the unsubscribe link, a complaint or a reply leaves it: not by hand.
    await t.database.db
      .update(leads)
      .set({ status: 'unsubscribed', statusReason: 'Unsubscribed with the link in an email' })
      .where(eq(leads.id, lead.id));
    const refused = await call('PATCH', `/api/leads/${lead.id}`, owner, { status: 'active', firstName: 'Opt' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/unsubscribed.*only if they asked/);
    expect((await call('GET', `/api/leads/${lead.id}`, owner)).json().lead).toMatchObject({
      status: 'unsubscribed',
      firstName: null,
    });
    const confirmed = await call('PATCH', `/api/leads/${lead.id}`, owner, {
      status: 'active',
      resubscribeConfirmed: true,
    });
    expect(confirmed.json()).toMatchObject({
      status: 'active',
      statusReason: 'Set to active by hand: they asked to receive emails again',
      statusChangedByHand: true,
    });
    // Active again: it is among the leads a campaign may mail.
    const mailable = (await call('GET', '/api/leads-with-sent-weeks/ids?filter=all', owner)).json();
    expect(mailable.ids).toContain(lead.id);
  });

  it('answers "Lead not found" for another user’s lead and leaves it alone', async () => {
    const lead = await create('mine@lead.test');
    const stranger = await registerUser(app, 'edit-stranger@leads.test');
    const response = await call('PATCH', `/api/leads/${lead.id}`, stranger, { firstName: 'Mallory' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Lead not found' });
    expect((await call('GET', `/api/leads/${lead.id}`, owner)).json().lead.firstName).toBeNull();
  });
});

describe('searchWords', () => {
  it('splits letters from digits and keeps words the trigram index can look up', () => {
    expect(searchWords('lead765432@bench-12.test')).toEqual(['lead', '765432', 'bench', 'test']);
    expect(searchWords('Café 4321 café')).toEqual(['Café', '4321', 'café']);
    expect(searchWords('a b %')).toEqual([]);
  });
});
