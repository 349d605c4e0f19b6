import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobCatalogue } from '../../jobs/catalogue';
import { createLogger } from '../../lib/logger';
import { createTestApp, registerUser } from '../../test/app';
import { GOOGLE_PEER_API_KEY, type GooglePlacesPeer, startGooglePlacesPeer } from '../../test/google-places-peer';
import { startBusinessWebsite } from '../../test/lead-finder-website';
import { type OsmPeer, startOsmPeer } from '../../test/osm-peer';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const CENTRE = { lat: 39.7817, lon: -89.6501 };
/** A point about `km` kilometres north of the centre. */
const north = (km: number) => ({ lat: CENTRE.lat + km / 111.2, lon: CENTRE.lon });

let t: TestApp;
let osm: OsmPeer;
let website: Awaited<ReturnType<typeof startBusinessWebsite>>;
let google: GooglePlacesPeer;

beforeAll(async () => {
  website = await startBusinessWebsite('info@cityteeth.test');
  osm = await startOsmPeer({
    places: [
      { query: 'Springfield, IL', ...CENTRE, displayName: 'Springfield, Sangamon County, Illinois, United States' },
    ],
    businesses: [
      {
        id: 101,
        ...north(1),
        tags: {
          amenity: 'dentist',
          name: 'Bright Smile Dental',
          email: 'hello@brightsmile.test',
          'addr:street': 'Main Street',
          'addr:housenumber': '12',
          'addr:city': 'Springfield',
        },
      },
      {
        id: 102,
        ...north(2),
        tags: {
          amenity: 'dentist',
          name: 'City Teeth',
          website: website.url,
          phone: '+1 217 555 0102',
          'addr:street': 'Oak Avenue',
          'addr:housenumber': '5',
          'addr:city': 'Springfield',
        },
      },
      {
        id: 103,
        ...north(3),
        tags: { amenity: 'dentist', name: 'Quiet Molar', 'addr:street': 'Elm Road', 'addr:housenumber': '9' },
      },
      { id: 104, ...north(1), tags: { shop: 'bakery', name: 'Crusty Corner', email: 'bread@crusty.test' } },
      { id: 105, ...north(40), tags: { amenity: 'dentist', name: 'Far Away Dental', email: 'far@away.test' } },
    ],
  });
  // Google knows City Teeth too, by the same website: it is kept once.
  google = await startGooglePlacesPeer({
    places: [
      {
        id: 'ChIJcityteeth',
        name: 'City Teeth',
        type: 'Dentist',
        address: '5 Oak Ave, Springfield, IL 62701, USA',
        website: website.url,
        latitude: north(2).lat,
        longitude: north(2).lon,
      },
    ],
  });
  t = await createTestApp({
    authRateLimitPerMinute: 1_000,
    leadSources: {
      nominatimUrl: osm.nominatimUrl,
      overpassUrl: osm.overpassUrl,
      googlePlacesApiKey: GOOGLE_PEER_API_KEY,
      googlePlacesUrl: google.url,
    },
    leadFinderAllowLoopback: true,
  });
});
afterAll(async () => {
  await Promise.all([t?.close(), osm?.stop(), website?.stop(), google?.stop()]);
});

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
const log = { info: () => {}, warn: () => {} };

/** Starts a search and runs its job as a worker would. */
async function search(token: string, body: object) {
  const started = await call('POST', '/api/lead-finder/searches', token, body);
  expect(started.statusCode, started.body).toBe(201);
  const { id, status } = started.json();
  expect(status).toBe('queued');
  await jobCatalogue['lead-finder.search'].run({ searchId: id }, { services: t.container.services, log });
  const found = await call('GET', `/api/lead-finder/searches/${id}`, token);
  expect(found.statusCode).toBe(200);
  return found.json();
}

describe('the lead finder', () => {
  it('finds the businesses within the radius, their emails and sources, scores them and marks known leads', async () => {
    const token = await registerUser(t.app, 'finder@lf.test');
    const known = await call('POST', '/api/leads', token, { email: 'Hello@BrightSmile.test' });
    expect(known.statusCode).toBe(201);

    const result = await search(token, { query: 'dentist', location: 'Springfield, IL', radiusKm: 10 });
    expect(result).toMatchObject({ status: 'completed', errorMessage: null, sourceErrors: [], radiusKm: 10 });
    expect(result.progress).toEqual({ businessesFound: 3, websitesTotal: 1, websitesChecked: 1, emailsFound: 2 });
    const byName = Object.fromEntries(result.results.map((r: { name: string }) => [r.name, r]));
    expect(Object.keys(byName).sort()).toEqual(['Bright Smile Dental', 'City Teeth', 'Quiet Molar']);
    expect(byName['Bright Smile Dental']).toMatchObject({
      email: 'hello@brightsmile.test',
      emailSource: 'osm',
      alreadyLead: true,
    });
    expect(byName['City Teeth']).toMatchObject({
      email: 'info@cityteeth.test',
      emailSource: `${website.url}contact`,
      phone: '+1 217 555 0102',
      alreadyLead: false,
    });
    expect(byName['Quiet Molar']).toMatchObject({ email: null, website: null, alreadyLead: false });
    // Best first; the business without any way to write to it comes last.
    const scores = result.results.map((r: { score: number }) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(result.results.at(-1).name).toBe('Quiet Molar');
    for (const r of result.results) expect(r.reason).not.toBe('');

    const list = await call('GET', '/api/lead-finder/searches', token);
    expect(list.json()).toEqual([expect.objectContaining({ id: result.id, status: 'completed' })]);
    expect(list.json()[0].results).toBeUndefined();
  });

  it('imports the chosen results as leads once, in the CSV upload result shape', async () => {
    const token = await registerUser(t.app, 'importer@lf.test');
    await call('POST', '/api/leads', token, { email: 'hello@brightsmile.test' });
    const result = await search(token, { query: 'dentist', location: 'Springfield, IL' });
    const ids = result.results.map((r: { id: number }) => r.id);

    const imported = await call('POST', `/api/lead-finder/searches/${result.id}/import`, token, { resultIds: ids });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({
      message: 'Upload complete: 1 added, 1 duplicates skipped, 1 errors',
      added: 1,
      duplicates: 1,
      errors: 1,
      errorDetails: [{ row: expect.any(Number), email: '', reason: 'Missing email' }],
    });
    const leads = (await call('GET', '/api/leads', token)).json();
    const lead = leads.find((l: { email: string }) => l.email === 'info@cityteeth.test');
    expect(lead).toMatchObject({
      firstName: null,
      company: 'City Teeth',
      customFields: {
        source: 'Lead finder (OpenStreetMap)',
        website: website.url,
        phone: '+1 217 555 0102',
        address: expect.stringContaining('Oak Avenue'),
        category: expect.any(String),
      },
    });

    const again = await call('POST', `/api/lead-finder/searches/${result.id}/import`, token, { resultIds: ids });
    expect(again.json()).toMatchObject({ added: 0, duplicates: 2, errors: 1 });
    expect((await call('GET', '/api/leads', token)).json()).toHaveLength(2);
    const after = (await call('GET', `/api/lead-finder/searches/${result.id}`, token)).json();
    expect(after.results.find((r: { name: string }) => r.name === 'City Teeth').imported).toBe(true);

    // A later search finds the imported business again: same name at the same address, so already a lead.
    const later = await search(token, { query: 'dentist', location: 'Springfield, IL' });
    expect(later.results.find((r: { name: string }) => r.name === 'City Teeth').alreadyLead).toBe(true);
  });

  it('keeps searches to their owner', async () => {
    const owner = await registerUser(t.app, 'owner@lf.test');
    const other = await registerUser(t.app, 'other@lf.test');
    const result = await search(owner, { query: 'dentist', location: 'Springfield, IL' });
    expect((await call('GET', `/api/lead-finder/searches/${result.id}`, other)).statusCode).toBe(404);
    const stolen = await call('POST', `/api/lead-finder/searches/${result.id}/import`, other, {
      resultIds: [result.results[0].id],
    });
    expect(stolen.statusCode).toBe(404);
    expect((await call('GET', '/api/lead-finder/searches', other)).json()).toEqual([]);
    expect((await call('GET', '/api/lead-finder/searches/abc', owner)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/lead-finder/searches' })).statusCode).toBe(401);
  });

  it('validates the search and the import', async () => {
    const token = await registerUser(t.app, 'valid@lf.test');
    const empty = await call('POST', '/api/lead-finder/searches', token, { query: '  ', location: 'Springfield' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Describe the businesses you are looking for');
    const far = await call('POST', '/api/lead-finder/searches', token, {
      query: 'dentist',
      location: 'X',
      radiusKm: 51,
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toContain('The radius must be from 1 to 50 km');
    const result = await search(token, { query: 'dentist', location: 'Springfield, IL' });
    const none = await call('POST', `/api/lead-finder/searches/${result.id}/import`, token, { resultIds: [] });
    expect(none.statusCode).toBe(400);
  });

  it('fails a search whose place cannot be found', async () => {
    const token = await registerUser(t.app, 'nowhere@lf.test');
    const result = await search(token, { query: 'dentist', location: 'Atlantis' });
    expect(result).toMatchObject({ status: 'failed', errorMessage: 'We could not find Atlantis', results: [] });
  });

  it('records a source that could not be reached and goes on with the others', async () => {
    const token = await registerUser(t.app, 'partial@lf.test');
    osm.failNext('overpass', 504);
    // Another radius: a question not answered before, so not in the sources' day-long cache.
    const result = await search(token, { query: 'dentist', location: 'Springfield, IL', radiusKm: 7 });
    expect(result.status).toBe('completed');
    expect(result.sourceErrors).toEqual([{ source: 'osm', message: expect.any(String) }]);
    expect(result.results.map((r: { name: string }) => r.name)).toEqual(['City Teeth']);
  });
});

describe('a map service that cannot be reached', () => {
  // The user read "…could not be reached; check NOMINATIM_URL…". They read a plain sentence now; which
  // service, address and setting failed is the operator's, in the log only.
  it('tells the user in a plain sentence and the log where it looked', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const offline = await createTestApp(
      {
        authRateLimitPerMinute: 1_000,
        leadSources: {
          nominatimUrl: 'http://127.0.0.1:9',
          overpassUrl: 'http://127.0.0.1:9/api/interpreter',
          googlePlacesUrl: 'http://127.0.0.1:9',
        },
        leadFinderAllowLoopback: true,
      },
      { log: createLogger('info', sink) },
    );
    try {
      const token = await registerUser(offline.app, 'offline@lf.test');
      const headers = { cookie: `lr_session=${token}` };
      const started = await offline.app.inject({
        method: 'POST',
        url: '/api/lead-finder/searches',
        payload: { query: 'dentist', location: 'Springfield, IL' },
        headers,
      });
      const { id } = started.json();
      await jobCatalogue['lead-finder.search'].run({ searchId: id }, { services: offline.container.services, log });
      const found = (
        await offline.app.inject({ method: 'GET', url: `/api/lead-finder/searches/${id}`, headers })
      ).json();
      expect(found).toMatchObject({
        status: 'failed',
        errorMessage: 'The map service could not be reached. Try again in a few minutes.',
      });
      await expect
        .poll(() => lines.filter((line) => line.event === 'lead_source.failed'))
        .toEqual([
          expect.objectContaining({
            searchId: id,
            source: 'geocoder',
            reason: expect.stringContaining('at http://127.0.0.1:9 (NOMINATIM_URL) could not be reached'),
          }),
        ]);
    } finally {
      await offline.close();
    }
  });
});
