import { and, eq, isNotNull } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { venues } from '../../../db/schema';
import { embeddedGeocoder } from './embedded';
import type { Geocoder } from './geocoder';
import { httpGeocoder } from './http-geocoder';

export function createGeocoder(config: Config, db: Db): Geocoder {
  if (config.geocoder.kind === 'http') return httpGeocoder(config.geocoder.url, config.geocoder.key);
  return embeddedGeocoder(async (clientId) => {
    const rows = await db
      .select({ postcode: venues.postcode, latitude: venues.latitude, longitude: venues.longitude })
      .from(venues)
      .where(and(eq(venues.clientId, clientId), isNotNull(venues.postcode), isNotNull(venues.latitude), isNotNull(venues.longitude)));
    return rows as { postcode: string; latitude: number; longitude: number }[];
  });
}

export type { Geocoder, Place } from './geocoder';
export { GeocoderUnavailable } from './geocoder';
