import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_PEER_API_KEY, type GooglePlacesPeer, startGooglePlacesPeer } from '../../test/google-places-peer';
import { GOOGLE_PLACES_FIELD_MASK, GooglePlacesLeadSource } from './google-places-source';
import type { Place } from './lead-source';

const SPRINGFIELD: Place = { latitude: 52.52, longitude: 13.405, displayName: 'Springfield, Testland' };
const AREA = { query: 'dentist', location: 'Springfield', radiusKm: 5 };

let peer: GooglePlacesPeer;

beforeAll(async () => {
  peer = await startGooglePlacesPeer({
    places: [
      {
        id: 'ChIJfar',
        name: 'Lakeside Dental',
        type: 'Dentist',
        address: 'Lake Road 1, 10999 Lakeside',
        latitude: 52.7,
        longitude: 13.405,
      },
      {
        id: 'ChIJsmile',
        name: 'Bright Smile Dental',
        type: 'Dentist',
        address: 'Main Street 12, 10115 Springfield',
        phone: '030 1234567',
        website: 'https://brightsmile.example/',
        latitude: 52.521,
        longitude: 13.406,
      },
      {
        id: 'ChIJpizza',
        name: 'Luigi',
        type: 'Pizza Restaurant',
        address: 'Market 3',
        latitude: 52.52,
        longitude: 13.4,
      },
    ],
  });
});

afterAll(() => peer.stop());

afterEach(() => {
  peer.requests.length = 0;
});

function google(apiKey = GOOGLE_PEER_API_KEY) {
  return new GooglePlacesLeadSource({ apiKey, url: peer.url });
}

describe('GooglePlacesLeadSource', () => {
  it('searches around the place with the key and a field mask of what is shown, keeping those within the radius', async () => {
    const found = await google().find(AREA, SPRINGFIELD);

    expect(found).toEqual([
      {
        source: 'google',
        sourceId: 'ChIJsmile',
        name: 'Bright Smile Dental',
        category: 'Dentist',
        address: 'Main Street 12, 10115 Springfield',
        phone: '030 1234567',
        website: 'https://brightsmile.example/',
        email: null,
        latitude: 52.521,
        longitude: 13.406,
      },
    ]);
    expect(peer.requests).toEqual([
      {
        apiKey: GOOGLE_PEER_API_KEY,
        fieldMask:
          'places.id,places.displayName,places.formattedAddress,places.nationalPhoneNumber,places.websiteUri,places.location,places.primaryTypeDisplayName',
        body: {
          textQuery: 'dentist',
          locationBias: { circle: { center: { latitude: 52.52, longitude: 13.405 }, radius: 5000 } },
          pageSize: 20,
        },
      },
    ]);
    expect(GOOGLE_PLACES_FIELD_MASK).toBe(peer.requests[0].fieldMask);
  });

  it('keeps the bias within Google’s 50 km and leaves out what a place lacks', async () => {
    const found = await google().find({ query: 'dentist', location: 'x', radiusKm: 80 }, SPRINGFIELD);

    expect(peer.requests[0].body).toMatchObject({ locationBias: { circle: { radius: 50_000 } } });
    expect(found.map((business) => business.sourceId)).toEqual(['ChIJsmile', 'ChIJfar']);
    expect(found[1]).toMatchObject({ phone: null, website: null, email: null });
  });

  // The user reads a plain sentence; Google's words, the status and the setting to check are the
  // operator's detail, for the log (these asserted GOOGLE_PLACES_API_KEY and the status in the message).
  it('says when the key is refused, the quota is used up or Google fails', async () => {
    await expect(google('wrong').find(AREA, SPRINGFIELD)).rejects.toMatchObject({
      message: "Google Places refused this server's access. Your administrator can fix its setup.",
      detail:
        'Google Places refused the API key (400): API key not valid. Please pass a valid API key. Check GOOGLE_PLACES_API_KEY and that the Places API (New) is enabled for it.',
    });
    peer.failNext(
      403,
      'PERMISSION_DENIED',
      'Places API (New) has not been used in project 123 before or it is disabled.',
    );
    await expect(google().find(AREA, SPRINGFIELD)).rejects.toMatchObject({
      message: "Google Places refused this server's access. Your administrator can fix its setup.",
      detail: expect.stringContaining(
        'Google Places refused the API key (403): Places API (New) has not been used in project 123',
      ),
    });
    peer.failNext(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Text Search requests'.");
    await expect(google().find(AREA, SPRINGFIELD)).rejects.toMatchObject({
      message: 'Google Places refused more searches for now. Try again later.',
      detail:
        "Google Places refused more searches for now (429): Quota exceeded for quota metric 'Text Search requests'.",
    });
    peer.failNext(503, 'UNAVAILABLE', 'The service is currently unavailable.');
    await expect(google().find(AREA, SPRINGFIELD)).rejects.toMatchObject({
      message: 'Google Places is not answering properly. Try again in a few minutes.',
      detail: expect.stringContaining('(503)'),
    });
  });
});
