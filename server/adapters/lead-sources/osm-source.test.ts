import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leadSourceCache } from '../../db/schema/lead-finder';
import { createTestDatabase } from '../../test/database';
import { type OsmPeer, type OsmPeerBusiness, startOsmPeer } from '../../test/osm-peer';
import { findBusinessCategory } from './business-categories';
import { LeadSourceError, type Place } from './lead-source';
import { NominatimGeocoder, OverpassLeadSource } from './osm-source';
import { RequestSpacing } from './request-spacing';
import { SourceCache } from './source-cache';

const USER_AGENT = 'LocalReach (+https://reach.example.com)';
const SPRINGFIELD: Place = { latitude: 52.52, longitude: 13.405, displayName: 'Springfield, Testland' };

// Offsets from Springfield's centre: 0.01° of latitude is about 1.1 km.
const BUSINESSES: OsmPeerBusiness[] = [
  {
    id: 101,
    lat: 52.521,
    lon: 13.406,
    tags: {
      amenity: 'dentist',
      name: 'Bright Smile Dental',
      'addr:housenumber': '12',
      'addr:street': 'Main Street',
      'addr:postcode': '10115',
      'addr:city': 'Springfield',
      phone: '+49 30 1234567',
      website: 'https://brightsmile.example',
      email: 'hello@brightsmile.example',
    },
  },
  {
    type: 'way',
    id: 202,
    lat: 52.53,
    lon: 13.41,
    tags: {
      healthcare: 'dentist',
      name: 'Riverside Dentistry',
      'contact:phone': '+49 30 7654321',
      'contact:website': 'riverside-dentistry.example',
      'contact:email': 'office@riverside.example; billing@riverside.example',
    },
  },
  // 20 km away: outside a 5 km radius.
  { id: 303, lat: 52.7, lon: 13.405, tags: { amenity: 'dentist', name: 'Faraway Dental' } },
  // No name: not a business anyone can write to.
  { id: 404, lat: 52.522, lon: 13.404, tags: { amenity: 'dentist' } },
  {
    id: 505,
    lat: 52.519,
    lon: 13.4,
    tags: { amenity: 'restaurant', name: 'Luigi’s Trattoria', url: 'http://luigi.example' },
  },
  { id: 606, lat: 52.518, lon: 13.401, tags: { shop: 'tea', name: 'Kettle & Co. Tea Room' } },
  // A street with the same word in its name is not a business.
  { type: 'way', id: 707, lat: 52.518, lon: 13.402, tags: { highway: 'residential', name: 'Kettle Lane' } },
];

let peer: OsmPeer;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let now: Date;
const clock = { now: () => now };
let cache: SourceCache;

beforeAll(async () => {
  database = await createTestDatabase();
  peer = await startOsmPeer({
    places: [{ query: 'Springfield', lat: 52.52, lon: 13.405, displayName: 'Springfield, Testland' }],
    businesses: BUSINESSES,
  });
});

afterAll(async () => {
  await peer.stop();
  await database.dispose();
});

beforeEach(async () => {
  now = new Date('2026-03-02T09:00:00Z');
  cache = new SourceCache(database.db, clock);
  await database.db.delete(leadSourceCache);
});

afterEach(() => {
  peer.requests.length = 0;
});

function overpass(timeoutMs?: number) {
  return new OverpassLeadSource({ url: peer.overpassUrl, userAgent: USER_AGENT, cache, timeoutMs });
}

/** Nominatim's spacing on the test clock: waiting moves the clock on, and each wait is noted. */
function steppedSpacing(waits: number[] = []) {
  return new RequestSpacing(1000, clock, async (ms) => {
    waits.push(ms);
    now = new Date(now.getTime() + ms);
  });
}

function geocoder(spacing = steppedSpacing()) {
  return new NominatimGeocoder({ url: peer.nominatimUrl, userAgent: USER_AGENT, cache, spacing });
}

describe('OverpassLeadSource', () => {
  it('finds the businesses of a category within the radius, nodes and ways, with their details', async () => {
    const found = await overpass().find({ query: 'Dentists', location: 'Springfield', radiusKm: 5 }, SPRINGFIELD);

    expect(found).toEqual([
      {
        source: 'osm',
        sourceId: 'node/101',
        name: 'Bright Smile Dental',
        category: 'Dentist',
        address: '12 Main Street, 10115 Springfield',
        phone: '+49 30 1234567',
        website: 'https://brightsmile.example',
        email: 'hello@brightsmile.example',
        latitude: 52.521,
        longitude: 13.406,
      },
      {
        source: 'osm',
        sourceId: 'way/202',
        name: 'Riverside Dentistry',
        category: 'Dentist',
        address: null,
        phone: '+49 30 7654321',
        website: 'https://riverside-dentistry.example',
        email: 'office@riverside.example',
        latitude: 52.53,
        longitude: 13.41,
      },
    ]);
    expect(peer.requests).toMatchObject([{ service: 'overpass', userAgent: USER_AGENT }]);
  });

  it('reaches further with a larger radius', async () => {
    const found = await overpass().find({ query: 'dentist', location: 'Springfield', radiusKm: 25 }, SPRINGFIELD);
    expect(found.map((business) => business.name)).toContain('Faraway Dental');
  });

  it('maps everyday words to OSM tags', async () => {
    expect(findBusinessCategory('Real Estate Agencies')?.tags).toEqual([{ key: 'office', value: 'estate_agent' }]);
    expect(findBusinessCategory('realtor')?.tags).toEqual([{ key: 'office', value: 'estate_agent' }]);
    expect(findBusinessCategory('hair salons')?.tags).toEqual([{ key: 'shop', value: 'hairdresser' }]);
    expect(findBusinessCategory('tea rooms')).toBeNull();

    const restaurants = await overpass().find({ query: 'restaurants', location: 'x', radiusKm: 5 }, SPRINGFIELD);
    expect(restaurants).toMatchObject([
      { name: 'Luigi’s Trattoria', category: 'Restaurant', website: 'http://luigi.example' },
    ]);
  });

  it('searches business names for words it has no category for, regex characters taken literally', async () => {
    const found = await overpass().find({ query: 'kettle & co.', location: 'x', radiusKm: 5 }, SPRINGFIELD);
    expect(found).toMatchObject([{ sourceId: 'node/606', name: 'Kettle & Co. Tea Room', category: 'Tea' }]);

    expect(await overpass().find({ query: 'kettle & co*', location: 'x', radiusKm: 5 }, SPRINGFIELD)).toEqual([]);
  });

  it('keeps an answer for a day, then asks again', async () => {
    const area = { query: 'dentist', location: 'Springfield', radiusKm: 5 };
    const first = await overpass().find(area, SPRINGFIELD);
    now = new Date(now.getTime() + 23 * 60 * 60 * 1000);
    expect(await overpass().find(area, SPRINGFIELD)).toEqual(first);
    expect(peer.requests).toHaveLength(1);

    now = new Date(now.getTime() + 2 * 60 * 60 * 1000);
    expect(await overpass().find(area, SPRINGFIELD)).toEqual(first);
    expect(peer.requests).toHaveLength(2);
  });

  // What the user reads is a plain sentence without a setting, URL or status code; the operator's detail
  // (which service, where, which setting) is kept on the error for the log. These asserted the old wording that
  // named OVERPASS_URL and the status to the user.
  it('says when Overpass is busy, overloaded, too slow or unreachable, and caches none of it', async () => {
    const area = { query: 'dentist', location: 'Springfield', radiusKm: 5 };
    const failure = async (source: OverpassLeadSource) => {
      const error = await source.find(area, SPRINGFIELD).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(LeadSourceError);
      const { message, detail } = error as LeadSourceError;
      expect(message).not.toMatch(/[A-Z]{3,}_|https?:|\(\d{3}\)/);
      return { message, detail };
    };
    peer.failNext('overpass', 429);
    expect(await failure(overpass())).toEqual({
      message: 'The map service is busy. Try again in a minute.',
      detail: expect.stringMatching(
        /^OpenStreetMap's Overpass service at http:\/\/127\.0\.0\.1:\d+ \(OVERPASS_URL\) is busy \(429\)\.$/,
      ),
    });
    peer.failNext('overpass', 504);
    expect(await failure(overpass())).toEqual({
      message: 'The map service is overloaded. Try again in a few minutes.',
      detail: expect.stringContaining('is overloaded (504)'),
    });
    peer.failNext(
      'overpass',
      200,
      JSON.stringify({ elements: [], remark: 'runtime error: Query timed out in "query" at line 3 after 21 seconds.' }),
    );
    expect((await failure(overpass())).message).toBe(
      'The map service ran out of time for this search. Try a smaller radius.',
    );
    peer.hangNext('overpass');
    expect(await failure(overpass(200))).toEqual({
      message: 'The map service did not answer in time. Try again in a few minutes.',
      detail: expect.stringContaining('did not answer within 0.2 seconds'),
    });
    const closed = new OverpassLeadSource({ url: 'http://127.0.0.1:9/api/interpreter', userAgent: USER_AGENT, cache });
    expect(await failure(closed)).toEqual({
      message: 'The map service could not be reached. Try again in a few minutes.',
      detail:
        "OpenStreetMap's Overpass service at http://127.0.0.1:9 (OVERPASS_URL) could not be reached; check OVERPASS_URL and the server's internet connection.",
    });

    expect(await overpass().find(area, SPRINGFIELD)).toHaveLength(2);
  });
});

describe('NominatimGeocoder', () => {
  it('finds the place the user typed, whatever its case, and null for an unknown one', async () => {
    expect(await geocoder().geocode('  springfield ')).toEqual(SPRINGFIELD);
    expect(await geocoder().geocode('Atlantis')).toBeNull();
    expect(peer.requests).toMatchObject([
      { service: 'nominatim', userAgent: USER_AGENT, query: 'springfield' },
      { service: 'nominatim', userAgent: USER_AGENT, query: 'Atlantis' },
    ]);
  });

  it('sends at most one request a second, whichever geocoder asks', async () => {
    const waits: number[] = [];
    const spacing = steppedSpacing(waits);
    const one = geocoder(spacing);
    const other = geocoder(spacing);

    await Promise.all([one.geocode('Springfield'), other.geocode('Atlantis'), one.geocode('Shelbyville')]);
    expect(waits).toEqual([1000, 1000]);
    expect(peer.requests).toHaveLength(3);

    now = new Date(now.getTime() + 400);
    await other.geocode('Capital City');
    expect(waits).toEqual([1000, 1000, 600]);
  });

  it('keeps an answer for a day without waiting its turn, then asks again', async () => {
    const waits: number[] = [];
    const spacing = steppedSpacing(waits);
    await geocoder(spacing).geocode('Springfield');
    await geocoder(spacing).geocode('SPRINGFIELD');
    expect(peer.requests).toHaveLength(1);
    expect(waits).toEqual([]);

    now = new Date(now.getTime() + 24 * 60 * 60 * 1000 + 1);
    expect(await geocoder(spacing).geocode('Springfield')).toEqual(SPRINGFIELD);
    expect(peer.requests).toHaveLength(2);
  });

  // A plain sentence for the user, the setting for the operator (these asserted NOMINATIM_URL in the message).
  it('says when Nominatim refuses or is too slow', async () => {
    peer.failNext('nominatim', 429);
    await expect(geocoder().geocode('Springfield')).rejects.toThrow('The map service is busy. Try again in a minute.');
    peer.failNext('nominatim', 403);
    await expect(geocoder().geocode('Springfield')).rejects.toMatchObject({
      message: 'The map service refused the search. Try again later.',
      detail: expect.stringMatching(/Nominatim service at .* refused the request \(403\); check NOMINATIM_URL\.$/),
    });
    peer.hangNext('nominatim');
    const slow = new NominatimGeocoder({
      url: peer.nominatimUrl,
      userAgent: USER_AGENT,
      cache,
      timeoutMs: 200,
      spacing: new RequestSpacing(0, clock),
    });
    await expect(slow.geocode('Springfield')).rejects.toBeInstanceOf(LeadSourceError);
  });

  it('tells the user in plain words when it cannot be reached, and the operator where it looked', async () => {
    const unreachable = new NominatimGeocoder({
      url: 'http://127.0.0.1:9',
      userAgent: USER_AGENT,
      cache,
      spacing: new RequestSpacing(0, clock),
    });
    await expect(unreachable.geocode('Springfield')).rejects.toMatchObject({
      message: 'The map service could not be reached. Try again in a few minutes.',
      detail:
        "OpenStreetMap's Nominatim service at http://127.0.0.1:9 (NOMINATIM_URL) could not be reached; check NOMINATIM_URL and the server's internet connection.",
    });
  });
});
