import type { Occurrence } from '@app/contracts';
import { usesTimetableV2 } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { deskSourceParam } from '../../../lib/desk-mode';
import { selectedUserParam, useCurrentSelectedUserId } from '../../../lib/selected-user';
import { activityKeys } from '../keys';

export type Session = Camelize<Occurrence>;

/** The activity's path under a venue, with /v2/ on and after the venue's migration date (doc 2, section 7). */
export const activityPath = (venue: string, activity: string, v2: boolean) =>
  `/api/activities/venue/${encodeURIComponent(venue)}/activity/${encodeURIComponent(activity)}/${v2 ? 'v2/' : ''}`;

/**
 * Which view of a day a call asks for: the desk's (source foh) and a linked user's (booking for them: their bookings
 * and restrictions, decision 248) are answers of their own, so each is asked for and cached apart.
 */
export const dayViewParams = () => ({ ...deskSourceParam(), ...selectedUserParam() });
export const dayViewKey = (forUser: number | null) => [deskSourceParam().source ?? 'online', forUser] as const;

/** A day's sessions. */
export async function getTimetable(venue: string, activity: string, date: string, v2: boolean): Promise<Session[]> {
  return (await api.get<Occurrence[]>(`${activityPath(venue, activity, v2)}timetable`, { params: { date, ...dayViewParams() } })).data;
}

export const timetableQueryOptions = (
  venue: string,
  activity: string,
  date: string,
  migrationDate: string | null,
  forUser: number | null = null,
) => {
  const v2 = usesTimetableV2(migrationDate, date);
  return queryOptions({
    queryKey: [...activityKeys.timetable(venue, activity, date, v2), ...dayViewKey(forUser)],
    queryFn: () => getTimetable(venue, activity, date, v2),
    // Places change as people book: always ask again when the day is shown.
    staleTime: 0,
  });
};

export const useTimetable = (venue: string, activity: string, date: string, migrationDate: string | null | undefined, enabled: boolean) => {
  const forUser = useCurrentSelectedUserId();
  return useQuery({
    ...timetableQueryOptions(venue, activity, date, migrationDate ?? null, forUser),
    enabled: enabled && migrationDate !== undefined,
  });
};
