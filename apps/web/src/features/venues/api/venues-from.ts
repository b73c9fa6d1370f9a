import type { Venue } from '@app/contracts';
import type { Camelize } from '../../../lib/api';

/** Venues whose coordinates are not real numbers in range are left out (doc 1, section 3). */
const hasUsableCoordinates = (v: Camelize<Venue>) =>
  v.lat === null || (Number.isFinite(v.lat) && Number.isFinite(v.lng) && (v.lat as number) >= -90 && (v.lat as number) <= 90);

/** The venue list as the app keeps it, from the API's answer or the page's boot state. */
export const venuesFrom = (venues: Camelize<Venue>[]): Camelize<Venue>[] => venues.filter(hasUsableCoordinates);
