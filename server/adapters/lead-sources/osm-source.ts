import {
  BUSINESS_TAG_KEYS,
  type BusinessCategory,
  findBusinessCategory,
  readableTagValue,
} from './business-categories';
import {
  type FoundBusiness,
  type Geocoder,
  type LeadSource,
  LeadSourceError,
  type Place,
  type SearchArea,
} from './lead-source';
import { nominatimSpacing, type RequestSpacing } from './request-spacing';
import { SourceCache } from './source-cache';

export type OsmServiceOptions = {
  /** The service's URL: Nominatim's base (NOMINATIM_URL) or Overpass's interpreter (OVERPASS_URL). */
  url: string;
  /** Identifies LocalReach and where it runs, as both services' usage policies ask. */
  userAgent: string;
  cache: SourceCache;
  timeoutMs?: number;
};

const NOMINATIM_TIMEOUT_MS = 10_000;
const OVERPASS_TIMEOUT_MS = 25_000;
/** Overpass's own limit for the query, a little under ours so it answers with a remark rather than not at all. */
const OVERPASS_QUERY_TIMEOUT_SECONDS = 20;
/** The most elements one search takes from Overpass. */
export const OVERPASS_RESULT_LIMIT = 200;

/** Nominatim (https://nominatim.org/release-docs/latest/api/Search/): the place the user typed, once a second at most. */
export class NominatimGeocoder implements Geocoder {
  constructor(private readonly options: OsmServiceOptions & { spacing?: RequestSpacing }) {}

  async geocode(location: string, signal?: AbortSignal): Promise<Place | null> {
    const q = location.trim().replace(/\s+/g, ' ');
    const key = SourceCache.key('nominatim', q.toLowerCase());
    let body = await this.options.cache.get(key);
    if (body === undefined) {
      await (this.options.spacing ?? nominatimSpacing).turn();
      const url = new URL('search', `${this.options.url.replace(/\/+$/, '')}/`);
      url.search = new URLSearchParams({ format: 'jsonv2', q, limit: '1' }).toString();
      body = await requestJson(
        NOMINATIM,
        url,
        { headers: { 'user-agent': this.options.userAgent, accept: 'application/json' } },
        this.options.timeoutMs ?? NOMINATIM_TIMEOUT_MS,
        signal,
      );
      if (!Array.isArray(body)) throw notJson(NOMINATIM, url);
      await this.options.cache.set(key, body);
    }
    const [first] = body as { lat?: string; lon?: string; display_name?: string }[];
    const latitude = Number(first?.lat);
    const longitude = Number(first?.lon);
    if (!first || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    return { latitude, longitude, displayName: first.display_name ?? q };
  }
}

type OverpassElement = {
  type: string;
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  tags?: Record<string, string>;
};

/**
 * The Overpass API (https://wiki.openstreetmap.org/wiki/Overpass_API): businesses carrying the OSM tags of the
 * category the query names, or for other words businesses whose name contains them, within the radius.
 */
export class OverpassLeadSource implements LeadSource {
  readonly name = 'osm' as const;

  constructor(private readonly options: OsmServiceOptions) {}

  async find(area: SearchArea, place: Place, signal?: AbortSignal): Promise<FoundBusiness[]> {
    const category = findBusinessCategory(area.query);
    const query = overpassQuery(area, place, category);
    const key = SourceCache.key('overpass', query);
    let elements = (await this.options.cache.get(key)) as OverpassElement[] | undefined;
    if (elements === undefined) {
      const body = await requestJson(
        OVERPASS,
        new URL(this.options.url),
        {
          method: 'POST',
          headers: { 'user-agent': this.options.userAgent, accept: 'application/json' },
          body: new URLSearchParams({ data: query }),
        },
        this.options.timeoutMs ?? OVERPASS_TIMEOUT_MS,
        signal,
      );
      const answer = body as { elements?: OverpassElement[]; remark?: string };
      // Overpass reports running out of time or memory with HTTP 200 and a remark instead of the elements.
      if (typeof answer.remark === 'string' && /error/i.test(answer.remark)) {
        throw new LeadSourceError(
          'osm',
          'The map service ran out of time for this search. Try a smaller radius.',
          `${OVERPASS.label} ran out of time for this search (${answer.remark.slice(0, 200)}).`,
        );
      }
      if (!Array.isArray(answer.elements)) throw notJson(OVERPASS, new URL(this.options.url));
      elements = answer.elements;
      await this.options.cache.set(key, elements);
    }
    return toBusinesses(elements, category);
  }
}

/** The Overpass QL query: one statement per tag (or per business key for a name search), around the place. */
export function overpassQuery(area: SearchArea, place: Place, category: BusinessCategory | null): string {
  const around = `(around:${Math.round(area.radiusKm * 1000)},${place.latitude.toFixed(6)},${place.longitude.toFixed(6)})`;
  const statements = category
    ? category.tags.map((tag) => `nwr[${qlString(tag.key)}=${qlString(tag.value)}]${around};`)
    : BUSINESS_TAG_KEYS.map(
        (key) => `nwr["name"~${qlString(escapeRegex(area.query.trim()))},i][${qlString(key)}]${around};`,
      );
  return [
    `[out:json][timeout:${OVERPASS_QUERY_TIMEOUT_SECONDS}];`,
    '(',
    ...statements.map((statement) => `  ${statement}`),
    ');',
    `out center ${OVERPASS_RESULT_LIMIT};`,
  ].join('\n');
}

function toBusinesses(elements: OverpassElement[], category: BusinessCategory | null): FoundBusiness[] {
  const seen = new Set<string>();
  const businesses: FoundBusiness[] = [];
  for (const element of elements) {
    const tags = element.tags ?? {};
    const name = tags.name?.trim();
    const latitude = element.lat ?? element.center?.lat;
    const longitude = element.lon ?? element.center?.lon;
    if (!name || latitude === undefined || longitude === undefined) continue;
    const business: FoundBusiness = {
      source: 'osm',
      sourceId: `${element.type}/${element.id}`,
      name,
      category: categoryOf(tags, category),
      address: addressOf(tags),
      phone: first(tags.phone ?? tags['contact:phone']),
      website: websiteOf(first(tags.website ?? tags['contact:website'] ?? tags.url)),
      email: first(tags.email ?? tags['contact:email']),
      latitude,
      longitude,
    };
    // The same business is often mapped twice (a node and its building): same name at the same address.
    const sameBusiness = `${name.toLowerCase()}|${business.address?.toLowerCase() ?? business.sourceId}`;
    if (seen.has(business.sourceId) || seen.has(sameBusiness)) continue;
    seen.add(business.sourceId).add(sameBusiness);
    businesses.push(business);
  }
  return businesses;
}

/** The tag that made it match, in words; for a name search, whatever business tag it has. */
function categoryOf(tags: Record<string, string>, category: BusinessCategory | null): string | null {
  const matched = category?.tags.find((tag) => tags[tag.key] === tag.value);
  if (matched) return readableTagValue(matched.value);
  const key = BUSINESS_TAG_KEYS.find((candidate) => tags[candidate]);
  return key ? readableTagValue(tags[key]) : null;
}

function addressOf(tags: Record<string, string>): string | null {
  if (tags['addr:full']) return tags['addr:full'];
  const street = [tags['addr:housenumber'], tags['addr:street'] ?? tags['addr:place']].filter(Boolean).join(' ');
  const town = [tags['addr:postcode'], tags['addr:city']].filter(Boolean).join(' ');
  return [street, town].filter(Boolean).join(', ') || null;
}

/** OSM separates several values with ";": the first is kept. */
function first(value: string | undefined): string | null {
  return value?.split(';')[0].trim() || null;
}

/** Mappers often leave out the scheme ("www.example.com"). */
function websiteOf(value: string | null): string | null {
  if (!value) return null;
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}

function qlString(value: string) {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function escapeRegex(value: string) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

type OsmService = { label: string; setting: string };
const NOMINATIM: OsmService = { label: "OpenStreetMap's Nominatim service", setting: 'NOMINATIM_URL' };
const OVERPASS: OsmService = { label: "OpenStreetMap's Overpass service", setting: 'OVERPASS_URL' };

/** What the user reads names neither service nor setting: to them both are "the map service". */
const MAP_SERVICE_DOWN = 'The map service could not be reached. Try again in a few minutes.';

function notJson(service: OsmService, url: URL) {
  return new LeadSourceError(
    'osm',
    'The map service answered with something that is not a search result. Try again in a few minutes.',
    `${service.label} at ${url.origin} (${service.setting}) answered something that is not a search result.`,
  );
}

/** Fetches JSON, turning every way it can fail into a LeadSourceError that says what happened; a caller's abort stays an abort. */
async function requestJson(
  service: OsmService,
  url: URL,
  init: RequestInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    if (signal?.aborted) throw error;
    const where = `${service.label} at ${url.origin} (${service.setting})`;
    if (timeout.aborted) {
      throw new LeadSourceError(
        'osm',
        'The map service did not answer in time. Try again in a few minutes.',
        `${where} did not answer within ${timeoutMs / 1000} seconds.`,
      );
    }
    throw new LeadSourceError(
      'osm',
      MAP_SERVICE_DOWN,
      `${where} could not be reached; check ${service.setting} and the server's internet connection.`,
    );
  }
  const where = `${service.label} at ${url.origin} (${service.setting})`;
  if (response.status === 429) {
    throw new LeadSourceError('osm', 'The map service is busy. Try again in a minute.', `${where} is busy (429).`);
  }
  if (response.status >= 500) {
    throw new LeadSourceError(
      'osm',
      'The map service is overloaded. Try again in a few minutes.',
      `${where} is overloaded (${response.status}).`,
    );
  }
  if (!response.ok) {
    throw new LeadSourceError(
      'osm',
      'The map service refused the search. Try again later.',
      `${where} refused the request (${response.status}); check ${service.setting}.`,
    );
  }
  try {
    return await response.json();
  } catch {
    throw notJson(service, url);
  }
}
