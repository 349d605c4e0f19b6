import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { GOOGLE_PEER_API_KEY, type GooglePlacesPeer, startGooglePlacesPeer } from '../../test/google-places-peer';
import { type OsmPeer, startOsmPeer } from '../../test/osm-peer';
import { createLeadSources } from './create-lead-sources';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let osm: OsmPeer;
let google: GooglePlacesPeer;

beforeAll(async () => {
  database = await createTestDatabase();
  osm = await startOsmPeer({
    places: [{ query: 'Springfield', lat: 52.52, lon: 13.405, displayName: 'Springfield, Testland' }],
    businesses: [{ id: 1, lat: 52.521, lon: 13.406, tags: { amenity: 'dentist', name: 'Bright Smile Dental' } }],
  });
  google = await startGooglePlacesPeer({
    places: [
      {
        id: 'ChIJsmile',
        name: 'Smile Studio',
        type: 'Dentist',
        address: 'Main St 1',
        latitude: 52.52,
        longitude: 13.4,
      },
    ],
  });
});

afterAll(async () => {
  await osm.stop();
  await google.stop();
  await database.dispose();
});

function config(googlePlacesApiKey?: string) {
  return {
    nominatimUrl: osm.nominatimUrl,
    overpassUrl: osm.overpassUrl,
    googlePlacesApiKey,
    googlePlacesUrl: google.url,
    publicUrl: 'https://reach.example.com',
  };
}

it('asks OpenStreetMap, naming LocalReach and where it runs, and Google Places only with a key', async () => {
  const withoutKey = createLeadSources(config(), database.db);
  expect(withoutKey.sources.map((source) => source.name)).toEqual(['osm']);

  const { geocoder, sources } = createLeadSources(config(GOOGLE_PEER_API_KEY), database.db);
  const place = await geocoder.geocode('Springfield');
  expect(place).toEqual({ latitude: 52.52, longitude: 13.405, displayName: 'Springfield, Testland' });
  const area = { query: 'dentist', location: 'Springfield', radiusKm: 5 };
  const found = await Promise.all(
    sources.map((source) => source.find(area, place ?? { latitude: 0, longitude: 0, displayName: '' })),
  );

  expect(found.flat().map((business) => [business.source, business.name])).toEqual([
    ['osm', 'Bright Smile Dental'],
    ['google', 'Smile Studio'],
  ]);
  expect(new Set(osm.requests.map((request) => request.userAgent))).toEqual(
    new Set(['LocalReach (+https://reach.example.com)']),
  );
});
