import type { Occurrence } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { activityKeys } from '../keys';
import type { Session } from './get-timetable';

/** One session, for its details panel (doc 2: GET /{id} on the activities base). */
export const getOccurrence = async (id: string): Promise<Session> =>
  (await api.get<Occurrence>(`/api/activities/${encodeURIComponent(id)}`)).data;

export const useOccurrence = (id: string | null) =>
  useQuery({
    queryKey: activityKeys.occurrence(id ?? ''),
    queryFn: () => getOccurrence(id ?? ''),
    enabled: id !== null,
    staleTime: 0,
    // The panel shows its own failure.
    throwOnError: false,
  });
