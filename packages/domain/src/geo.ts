export const METRES_PER_MILE = 1609.344;
export const DEFAULT_RADIUS_MILES = 5;
const EARTH_RADIUS_METRES = 6_371_008.8;

/** Coordinates a map can use: numbers, latitude within -90..90, longitude within -180..180. Others are ignored. */
export function validCoordinates(lat: unknown, lng: unknown): lat is number {
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    lat >= -90 &&
    lat <= 90 &&
    lng >= -180 &&
    lng <= 180
  );
}

/** Great-circle distance in miles (haversine). */
export function distanceMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return (2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)))) / METRES_PER_MILE;
}

/** Venues within a radius of a point, nearest first, with their distance; venues without usable coordinates drop out. */
export function venuesWithin<T extends { lat: number | null; lng: number | null }>(
  venues: T[],
  from: { lat: number; lng: number },
  radiusMiles: number,
): (T & { distanceMiles: number })[] {
  return venues
    .filter((v) => validCoordinates(v.lat, v.lng))
    .map((v) => ({ ...v, distanceMiles: distanceMiles(from, { lat: v.lat as number, lng: v.lng as number }) }))
    .filter((v) => v.distanceMiles <= radiusMiles)
    .sort((a, b) => a.distanceMiles - b.distanceMiles);
}

/** A UK postcode normalised for lookup: upper case, single space before the inward code. */
export function normalisePostcode(input: string): string {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}
