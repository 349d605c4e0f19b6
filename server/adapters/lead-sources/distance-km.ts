const EARTH_RADIUS_KM = 6371;

/** The great-circle distance between two points (haversine), in kilometres. */
export function distanceKm(from: { latitude: number; longitude: number }, to: { latitude: number; longitude: number }) {
  const radians = Math.PI / 180;
  const a =
    Math.sin(((to.latitude - from.latitude) * radians) / 2) ** 2 +
    Math.cos(from.latitude * radians) *
      Math.cos(to.latitude * radians) *
      Math.sin(((to.longitude - from.longitude) * radians) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(a));
}
