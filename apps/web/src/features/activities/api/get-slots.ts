import type { Occurrence } from '@app/contracts';
import { usesTimetableV2 } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { selectedUserParam, useCurrentSelectedUserId } from '../../../lib/selected-user';
import { activityKeys } from '../keys';
import { activityPath, type Session } from './get-timetable';

/** One location's slots of a day (courts): doc 2, section 7, with /v2/slots from the migration date. */
export async function getSlots(venue: string, activity: string, date: string, locationId: number, v2: boolean): Promise<Session[]> {
  return (
    await api.get<Occurrence[]>(`${activityPath(venue, activity, v2)}slots`, { params: { date, locationId, ...selectedUserParam() } })
  ).data;
}

export function useSlots(
  venue: string,
  activity: string,
  date: string,
  locationId: number | null,
  migrationDate: string | null | undefined,
) {
  const v2 = usesTimetableV2(migrationDate ?? null, date);
  const forUser = useCurrentSelectedUserId();
  return useQuery({
    // Booking for a linked user shows their bookings (decision 248): cached apart from the customer's own.
    queryKey: [...activityKeys.slots(venue, activity, date, locationId ?? 0, v2), forUser],
    queryFn: () => getSlots(venue, activity, date, locationId ?? 0, v2),
    enabled: locationId !== null && migrationDate !== undefined,
    staleTime: 0,
  });
}
