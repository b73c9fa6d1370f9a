import type { ticketType } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camelize } from '../../../lib/api';
import { activityKeys } from '../keys';

export type TicketType = Camelize<z.infer<typeof ticketType>>;

/** The ticket types of a ticketed activity at a venue, keyed by id on the wire; listed in the API's order here. */
export async function getTicketTypes(venue: string, category: string, activity: string): Promise<TicketType[]> {
  const path = `/api/activities/venue/${encodeURIComponent(venue)}/activity-category/${encodeURIComponent(category)}/activity/${encodeURIComponent(activity)}/tickets`;
  return Object.values((await api.get<Record<string, z.infer<typeof ticketType>>>(path)).data);
}

export const useTicketTypes = (venue: string, category: string, activity: string, enabled = true) =>
  useQuery({
    queryKey: activityKeys.tickets(venue, category, activity),
    queryFn: () => getTicketTypes(venue, category, activity),
    staleTime: 5 * 60_000,
    enabled,
  });
