import { dayjs, type Occurrence } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { venueKeys } from '../keys';

export type TodaysSession = Camelize<Occurrence>;

/**
 * What's on at a venue for the rest of today (issue 13, decision 170): doc 2's occurrences call, from now to the end
 * of the client's day, in start order. Public and the same for everyone, so it is cached for a minute.
 */
export const getTodaysSessions = async (venueId: number, timezone: string): Promise<TodaysSession[]> => {
  const endOfDay = dayjs().tz(timezone).endOf('day');
  const list = (
    await api.get<Occurrence[]>('/api/v1/activities/occurrences', {
      params: { venueIds: String(venueId), startsBefore: endOfDay.toISOString() },
    })
  ).data;
  return [...list].filter((o) => o.status !== 'cancelled').sort((a, b) => a.startsAt.utc.localeCompare(b.startsAt.utc));
};

export const todaysSessionsQueryOptions = (venueId: number, timezone: string) =>
  queryOptions({
    queryKey: [...venueKeys.all, 'today', venueId, timezone],
    queryFn: () => getTodaysSessions(venueId, timezone),
    staleTime: 60_000,
  });

export const useTodaysSessions = (venueId: number | undefined, timezone: string | undefined) =>
  useQuery({ ...todaysSessionsQueryOptions(venueId ?? 0, timezone ?? 'Europe/London'), enabled: Boolean(venueId && timezone) });
