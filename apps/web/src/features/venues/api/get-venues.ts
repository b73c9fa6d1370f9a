import type { Venue } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { venueKeys } from '../keys';

export type VenueInfo = Camelize<Venue>;

/** Venues whose coordinates are not real numbers in range are left out (doc 1, section 3). */
const hasUsableCoordinates = (v: VenueInfo) =>
  v.lat === null || (Number.isFinite(v.lat) && Number.isFinite(v.lng) && (v.lat as number) >= -90 && (v.lat as number) <= 90);

export const getVenues = async (): Promise<VenueInfo[]> =>
  (await api.get<Venue[]>('/api/activities/venues')).data.filter(hasUsableCoordinates);

export const venuesQueryOptions = () => queryOptions({ queryKey: venueKeys.list(), queryFn: getVenues, staleTime: 5 * 60_000 });

export const useVenues = () => useQuery(venuesQueryOptions());
