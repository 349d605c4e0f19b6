/** What the user asks the finder for: a kind of business, a place, and how far around it. */
export type SearchArea = { query: string; location: string; radiusKm: number };

/** Where a place was found: the centre of the search. */
export type Place = { latitude: number; longitude: number; displayName: string };

/** A business as a source found it. */
export type FoundBusiness = {
  source: 'osm' | 'google';
  /** Its id at the source (an OSM element such as node/123, a Google place id). */
  sourceId: string;
  name: string;
  category: string | null;
  address: string | null;
  phone: string | null;
  website: string | null;
  /** An email the source itself lists (OSM's email or contact:email). */
  email: string | null;
  latitude: number;
  longitude: number;
};

/** A source of local businesses (OpenStreetMap, Google Places). */
export interface LeadSource {
  readonly name: 'osm' | 'google';
  /** The businesses matching the query within the radius of the place. */
  find(area: SearchArea, place: Place, signal?: AbortSignal): Promise<FoundBusiness[]>;
}

/** Turns the place the user typed into coordinates (Nominatim). */
export interface Geocoder {
  geocode(location: string, signal?: AbortSignal): Promise<Place | null>;
}

/**
 * A source that could not answer: unreachable, refused, too slow or rate-limited. `message` is what the user reads,
 * a plain sentence with no setting, URL or code in it; `detail` is the operator's (which service, URL or
 * setting, the status), written to the log only.
 */
export class LeadSourceError extends Error {
  readonly detail: string;

  constructor(
    readonly source: string,
    message: string,
    detail?: string,
  ) {
    super(message);
    this.name = 'LeadSourceError';
    this.detail = detail ?? message;
  }
}
