import { LEAD_SEARCH_RADIUS_KM } from '@contract/lead-finder';

/** Where distances are in miles: the United States, the United Kingdom, Liberia and Myanmar (CLDR's measurement data). */
const MILE_REGIONS = new Set(['US', 'GB', 'LR', 'MM']);
const KM_PER_MILE = 1.609344;

export type DistanceUnit = 'mi' | 'km';

/** The unit of the browser's locale: miles where its region (or the region its language implies) uses them. */
export function distanceUnitOf(locale: string): DistanceUnit {
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region && MILE_REGIONS.has(region) ? 'mi' : 'km';
  } catch {
    return 'km';
  }
}

export const browserDistanceUnit = (): DistanceUnit => distanceUnitOf(navigator.language);

/** The lead finder's radius limits in the unit, whole numbers inside the server's kilometre limits. */
export function radiusLimits(unit: DistanceUnit) {
  if (unit === 'km') return LEAD_SEARCH_RADIUS_KM;
  return {
    min: 1,
    max: Math.floor(LEAD_SEARCH_RADIUS_KM.max / KM_PER_MILE),
    default: Math.round(LEAD_SEARCH_RADIUS_KM.default / KM_PER_MILE),
  };
}

/** A radius the user typed in the unit, as the whole kilometres the server takes (it keeps km). */
export function radiusToKm(value: number, unit: DistanceUnit): number {
  const km = unit === 'km' ? value : Math.round(value * KM_PER_MILE);
  return Math.min(LEAD_SEARCH_RADIUS_KM.max, Math.max(LEAD_SEARCH_RADIUS_KM.min, km));
}

/** A radius the server keeps in km, in the unit: "6 miles", "10 km". */
export function formatRadius(km: number, unit: DistanceUnit): string {
  if (unit === 'km') return `${km} km`;
  const miles = Math.round(km / KM_PER_MILE);
  return `${miles} ${miles === 1 ? 'mile' : 'miles'}`;
}
