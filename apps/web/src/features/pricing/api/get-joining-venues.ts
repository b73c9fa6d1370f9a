import type { Venue } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { pricingKeys } from '../keys';

export type JoiningVenue = Camelize<Venue>;

/** GET /api/venues/online-joining (doc 1, section 7): the venues a membership bought online can be based at. */
export const getJoiningVenues = async (): Promise<JoiningVenue[]> => (await api.get<Venue[]>('/api/venues/online-joining')).data;

export const useJoiningVenues = (enabled = true) =>
  useQuery({ ...queryOptions({ queryKey: pricingKeys.venues(), queryFn: getJoiningVenues, throwOnError: false }), enabled });
