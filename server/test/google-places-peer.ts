import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequestBody } from './request-body';

export type GooglePlacesPeerPlace = {
  id: string;
  name: string;
  /** Google's primary type's display name, e.g. "Dentist"; the peer's text search matches it and the name. */
  type: string;
  address: string;
  phone?: string;
  website?: string;
  latitude: number;
  longitude: number;
};

export const GOOGLE_PEER_API_KEY = 'peer-google-key';

const FIELDS: Record<string, (place: GooglePlacesPeerPlace) => unknown> = {
  id: (place) => place.id,
  displayName: (place) => ({ text: place.name, languageCode: 'en' }),
  formattedAddress: (place) => place.address,
  nationalPhoneNumber: (place) => place.phone,
  websiteUri: (place) => place.website,
  location: (place) => ({ latitude: place.latitude, longitude: place.longitude }),
  primaryTypeDisplayName: (place) => ({ text: place.type, languageCode: 'en' }),
};

/**
 * A local stand-in for Google Places (New) Text Search (`POST /v1/places:searchText`) following its documented
 * contract: the key in `X-Goog-Api-Key` (a wrong one gets Google's 400), a required `X-Goog-FieldMask` whose fields
 * alone are answered, `textQuery`, `pageSize` (1–20) and a `locationBias.circle` of at most 50 000 m, which like
 * Google's only orders the results (nearest first) and does not restrict them.
 */
export async function startGooglePlacesPeer(options: { places: GooglePlacesPeerPlace[] }) {
  const requests: { apiKey: string | undefined; fieldMask: string | undefined; body: unknown }[] = [];
  const failures: { status: number; body: unknown }[] = [];
  const server: Server = createServer(async (req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    const error = (code: number, status: string, message: string) => json(code, { error: { code, message, status } });
    const text = await readRequestBody(req);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text);
    } catch {
      return error(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    const apiKey = headerOf(req, 'x-goog-api-key');
    const fieldMask = headerOf(req, 'x-goog-fieldmask');
    requests.push({ apiKey, fieldMask, body });
    if (req.method !== 'POST' || req.url !== '/v1/places:searchText') return error(404, 'NOT_FOUND', 'Not found');
    const failure = failures.shift();
    if (failure) return json(failure.status, failure.body);
    if (apiKey !== GOOGLE_PEER_API_KEY) {
      return error(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
    }
    if (!fieldMask) {
      return error(
        400,
        'INVALID_ARGUMENT',
        'FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters on how to provide it.',
      );
    }
    const fields = fieldMask.split(',').map((field) => field.trim().replace(/^places\./, ''));
    const unknown = fields.find((field) => !(field in FIELDS));
    if (unknown)
      return error(
        400,
        'INVALID_ARGUMENT',
        `Error expanding 'fields' parameter. Cannot find matching fields for path '${unknown}'.`,
      );
    const textQuery = typeof body.textQuery === 'string' ? body.textQuery.trim().toLowerCase() : '';
    if (!textQuery) return error(400, 'INVALID_ARGUMENT', 'Empty text_query.');
    const pageSize = body.pageSize === undefined ? 20 : Number(body.pageSize);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 20) {
      return error(400, 'INVALID_ARGUMENT', 'page_size must be between 1 and 20.');
    }
    const circle = (
      body.locationBias as { circle?: { center?: { latitude: number; longitude: number }; radius?: number } }
    )?.circle;
    if (circle && (!circle.center || circle.radius === undefined || circle.radius < 0 || circle.radius > 50_000)) {
      return error(400, 'INVALID_ARGUMENT', 'Invalid location_bias.circle: radius must be between 0.0 and 50000.0.');
    }
    const words = textQuery.split(/\s+/);
    const matching = options.places.filter((place) =>
      words.every((word) => `${place.name} ${place.type}`.toLowerCase().includes(word.replace(/s$/, ''))),
    );
    const center = circle?.center;
    if (center) matching.sort((a, b) => squaredDistance(a, center) - squaredDistance(b, center));
    const places = matching
      .slice(0, pageSize)
      .map((place) =>
        Object.fromEntries(
          fields.map((field) => [field, FIELDS[field](place)]).filter(([, value]) => value !== undefined),
        ),
      );
    json(200, places.length ? { places } : {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** The next search gets this status and Google's error body instead of results. */
    failNext(status: number, googleStatus: string, message: string) {
      failures.push({ status, body: { error: { code: status, message, status: googleStatus } } });
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type GooglePlacesPeer = Awaited<ReturnType<typeof startGooglePlacesPeer>>;

function headerOf(req: IncomingMessage, name: string) {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function squaredDistance(place: GooglePlacesPeerPlace, center: { latitude: number; longitude: number }) {
  return (place.latitude - center.latitude) ** 2 + (place.longitude - center.longitude) ** 2;
}
