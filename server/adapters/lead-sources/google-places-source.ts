import { distanceKm } from './distance-km';
import { type FoundBusiness, type LeadSource, LeadSourceError, type Place, type SearchArea } from './lead-source';

export type GooglePlacesOptions = {
  apiKey: string;
  /** https://places.googleapis.com, or a test server (GOOGLE_PLACES_URL). */
  url: string;
  timeoutMs?: number;
};

/** Only what the finder shows: Google bills Text Search by the fields asked for. */
export const GOOGLE_PLACES_FIELD_MASK = [
  'places.id',
  'places.displayName',
  'places.formattedAddress',
  'places.nationalPhoneNumber',
  'places.websiteUri',
  'places.location',
  'places.primaryTypeDisplayName',
].join(',');

const TIMEOUT_MS = 15_000;
/** The largest circle Text Search's location bias takes, in metres. */
const MAX_BIAS_RADIUS_METRES = 50_000;
/** The most results one Text Search page holds. */
const PAGE_SIZE = 20;

type GooglePlace = {
  id?: string;
  displayName?: { text?: string };
  formattedAddress?: string;
  nationalPhoneNumber?: string;
  websiteUri?: string;
  location?: { latitude?: number; longitude?: number };
  primaryTypeDisplayName?: { text?: string };
};

/**
 * Google Places (New) Text Search (https://developers.google.com/maps/documentation/places/web-service/text-search):
 * the query biased to the circle around the place; the bias is only a preference, so results outside the radius are
 * dropped here. Google's terms forbid keeping its answers, so nothing is cached.
 */
export class GooglePlacesLeadSource implements LeadSource {
  readonly name = 'google' as const;

  constructor(private readonly options: GooglePlacesOptions) {}

  async find(area: SearchArea, place: Place, signal?: AbortSignal): Promise<FoundBusiness[]> {
    const center = { latitude: place.latitude, longitude: place.longitude };
    const body = await this.search(
      {
        textQuery: area.query.trim(),
        locationBias: {
          circle: { center, radius: Math.min(area.radiusKm * 1000, MAX_BIAS_RADIUS_METRES) },
        },
        pageSize: PAGE_SIZE,
      },
      signal,
    );
    const places = (body as { places?: GooglePlace[] }).places ?? [];
    return places.flatMap((found): FoundBusiness[] => {
      const name = found.displayName?.text?.trim();
      const latitude = found.location?.latitude;
      const longitude = found.location?.longitude;
      if (!found.id || !name || latitude === undefined || longitude === undefined) return [];
      if (distanceKm(center, { latitude, longitude }) > area.radiusKm) return [];
      return [
        {
          source: 'google',
          sourceId: found.id,
          name,
          category: found.primaryTypeDisplayName?.text ?? null,
          address: found.formattedAddress ?? null,
          phone: found.nationalPhoneNumber ?? null,
          website: found.websiteUri ?? null,
          email: null,
          latitude,
          longitude,
        },
      ];
    });
  }

  private async search(request: unknown, signal: AbortSignal | undefined): Promise<unknown> {
    const timeoutMs = this.options.timeoutMs ?? TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(`${this.options.url.replace(/\/+$/, '')}/v1/places:searchText`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-goog-api-key': this.options.apiKey,
          'x-goog-fieldmask': GOOGLE_PLACES_FIELD_MASK,
        },
        body: JSON.stringify(request),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      const where = `Google Places at ${this.options.url} (GOOGLE_PLACES_URL)`;
      if (timeout.aborted) {
        throw new LeadSourceError(
          'google',
          'Google Places did not answer in time. Try again in a few minutes.',
          `${where} did not answer within ${timeoutMs / 1000} seconds.`,
        );
      }
      throw new LeadSourceError(
        'google',
        'Google Places could not be reached. Try again in a few minutes.',
        `${where} could not be reached; check GOOGLE_PLACES_URL and the server's internet connection.`,
      );
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && body && typeof body === 'object') return body;
    const reason = (body as { error?: { message?: string } } | null)?.error?.message?.slice(0, 200).replace(/\.$/, '');
    const quoted = reason ? `: ${reason}` : '';
    // The user reads a plain sentence; the status and Google's words are the operator's, in the log.
    if (response.status === 429) {
      throw new LeadSourceError(
        'google',
        'Google Places refused more searches for now. Try again later.',
        `Google Places refused more searches for now (429)${quoted}.`,
      );
    }
    if (response.status >= 500) {
      throw new LeadSourceError(
        'google',
        'Google Places is not answering properly. Try again in a few minutes.',
        `Google Places is not answering properly (${response.status})${quoted}.`,
      );
    }
    // A wrong key is a 400 ("API key not valid"), a key without the Places API (New) a 403.
    if (
      response.status === 401 ||
      response.status === 403 ||
      (response.status === 400 && /api key/i.test(reason ?? ''))
    ) {
      throw new LeadSourceError(
        'google',
        "Google Places refused this server's access. Your administrator can fix its setup.",
        `Google Places refused the API key (${response.status})${quoted}. Check GOOGLE_PLACES_API_KEY and that the Places API (New) is enabled for it.`,
      );
    }
    throw new LeadSourceError(
      'google',
      'Google Places refused the search. Try again later.',
      `Google Places refused the search (${response.status})${quoted}.`,
    );
  }
}
