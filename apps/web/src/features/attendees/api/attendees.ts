import type { PreviousAttendee, WaiverAgreement } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { completedWaivers } from '../../../lib/completed-waivers';
import { basketKeys } from '../../basket';

export type AttendeeRecord = Camelize<PreviousAttendee>;

export const attendeeKeys = {
  all: ['attendees'] as const,
  previous: (restrictionId: number, query: string) => [...attendeeKeys.all, restrictionId, query] as const,
};

/** GET {restriction}/question-waivers/previous-attendees (doc 1): the people the customer books for, with this waiver's standing. */
export const getPreviousAttendees = async (restrictionId: number, query: string): Promise<AttendeeRecord[]> =>
  (
    await api.get<PreviousAttendee[]>(`/api/activities/${restrictionId}/question-waivers/previous-attendees`, {
      params: query ? { query } : {},
    })
  ).data;

export const usePreviousAttendees = (restrictionId: number, query: string) =>
  useQuery({
    queryKey: attendeeKeys.previous(restrictionId, query),
    queryFn: () => getPreviousAttendees(restrictionId, query),
    // While a search is answered the last list stays, so the page does not jump on each pause in typing.
    placeholderData: keepPreviousData,
    meta: { private: true },
  });

/** POST question-waivers (doc 1): the agreements, whose ids go with the payment as completed_waivers. */
export const saveWaivers = async (waivers: { restrictionId: number; userId: number; agreed: true }[]) =>
  (await api.post<WaiverAgreement[]>('/api/activities/question-waivers', { waivers })).data;

export function useSaveWaivers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWaivers,
    onSuccess: async (saved) => {
      completedWaivers.add(saved.map((a) => a.id));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: basketKeys.all }),
        queryClient.invalidateQueries({ queryKey: attendeeKeys.all }),
      ]);
    },
  });
}
