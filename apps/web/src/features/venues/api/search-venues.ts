import type { VenueSearchResult } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { venueKeys } from '../keys';

export type VenueSearch = Camelize<VenueSearchResult>;
export type FoundVenue = VenueSearch['venues'][number];

/** A place by name, a postcode, or a point; with a radius in miles. */
export type VenueSearchParams = ({ search: string } | { postcode: string } | { lat: number; lng: number }) & { radius: number };

/** Venues near a place (doc 1: map search, radius 0-30 miles, GB only); "none found" is an answer with a message. */
export const searchVenues = async (params: VenueSearchParams): Promise<VenueSearch> =>
  (await api.get<VenueSearchResult>('/api/activities/venues/search', { params })).data;

export const useVenueSearch = (params: VenueSearchParams | null) =>
  useQuery({
    queryKey: venueKeys.search(params),
    queryFn: () => searchVenues(params as VenueSearchParams),
    enabled: params !== null,
    staleTime: 5 * 60_000,
    // The page says the search failed; a 422 shows its field message there too.
    throwOnError: false,
  });
