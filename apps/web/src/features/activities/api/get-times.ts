import type { fastTicketTime } from '@app/contracts';
import { usesTimetableV2 } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camelize } from '../../../lib/api';
import { useCurrentSelectedUserId } from '../../../lib/selected-user';
import { activityKeys } from '../keys';
import { activityPath, dayViewKey, dayViewParams } from './get-timetable';

export type FastTicketTime = Camelize<z.infer<typeof fastTicketTime>>;

/**
 * A ticketed day's times (fast tickets): doc 2, section 7, with /v2/times from the migration date; like the day's
 * sessions, through the desk's view and for the person booked for.
 */
export async function getTimes(venue: string, activity: string, date: string, v2: boolean): Promise<FastTicketTime[]> {
  return (
    await api.get<z.infer<typeof fastTicketTime>[]>(`${activityPath(venue, activity, v2)}times`, {
      params: { date, ...dayViewParams() },
    })
  ).data;
}

/**
 * The times reload when the date, the location or the activity changes (doc 2, section 4). The call has no location
 * parameter, so the location is in the key only and the list is narrowed to it on the page.
 */
export function useTimes(
  venue: string,
  activity: string,
  date: string,
  locationId: number | null,
  migrationDate: string | null | undefined,
) {
  const v2 = usesTimetableV2(migrationDate ?? null, date);
  const forUser = useCurrentSelectedUserId();
  return useQuery({
    queryKey: [...activityKeys.times(venue, activity, date, locationId, v2), ...dayViewKey(forUser)],
    queryFn: () => getTimes(venue, activity, date, v2),
    enabled: migrationDate !== undefined,
    staleTime: 0,
  });
}
