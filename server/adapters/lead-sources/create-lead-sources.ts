import type { Database } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { GooglePlacesLeadSource } from './google-places-source';
import type { Geocoder, LeadSource } from './lead-source';
import { NominatimGeocoder, OverpassLeadSource } from './osm-source';
import { SourceCache } from './source-cache';

export type LeadSourcesConfig = {
  nominatimUrl: string;
  overpassUrl: string;
  googlePlacesApiKey?: string;
  googlePlacesUrl: string;
  publicUrl: string;
};

/** The geocoder and the sources a search asks: OpenStreetMap always, Google Places when a key is set. */
export function createLeadSources(
  config: LeadSourcesConfig,
  db: Database,
  clock: Clock = systemClock,
): { geocoder: Geocoder; sources: LeadSource[] } {
  const cache = new SourceCache(db, clock);
  // Both OpenStreetMap services ask to be told who calls them and how to reach them.
  const userAgent = `LocalReach (+${config.publicUrl})`;
  const sources: LeadSource[] = [new OverpassLeadSource({ url: config.overpassUrl, userAgent, cache })];
  if (config.googlePlacesApiKey) {
    sources.push(new GooglePlacesLeadSource({ apiKey: config.googlePlacesApiKey, url: config.googlePlacesUrl }));
  }
  return { geocoder: new NominatimGeocoder({ url: config.nominatimUrl, userAgent, cache }), sources };
}
