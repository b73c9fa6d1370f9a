import type { Venue } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { venueKeys } from '../keys';
import type { VenueInfo } from './get-venues';

export const getVenue = async (slug: string): Promise<VenueInfo> =>
  (await api.get<Venue>(`/api/activities/venues/${encodeURIComponent(slug)}`)).data;

export const venueQueryOptions = (slug: string) =>
  queryOptions({ queryKey: venueKeys.detail(slug), queryFn: () => getVenue(slug), staleTime: 5 * 60_000 });

export const useVenue = (slug: string | undefined) => useQuery({ ...venueQueryOptions(slug ?? ''), enabled: Boolean(slug) });
