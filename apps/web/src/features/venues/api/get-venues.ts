import type { Venue } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { venueKeys } from '../keys';
import { venuesFrom } from './venues-from';

export type VenueInfo = Camelize<Venue>;

export const getVenues = async (): Promise<VenueInfo[]> => venuesFrom((await api.get<Venue[]>('/api/activities/venues')).data);

export const venuesQueryOptions = () => queryOptions({ queryKey: venueKeys.list(), queryFn: getVenues, staleTime: 5 * 60_000 });

export const useVenues = () => useQuery(venuesQueryOptions());
