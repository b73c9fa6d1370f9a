import type { accountBooking } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { accountKeys } from '../keys';
import { type Who, whoParams } from './account-request';

/** Doc 2: DELETE activities/bookings/{bookingId} with source=bookings cancels a booking (refund rules are the API's). */
export const cancelBooking = async ({ id, who }: { id: number; who: Who }) =>
  api.delete<z.infer<typeof accountBooking>>(`/api/activities/bookings/${id}`, { params: { source: 'bookings', ...whoParams(who) } });

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    // Timetables show the freed place too. Not awaited: the refetch can empty the list and unmount the dialog, and a
    // caller's own onSuccess (the 'Booking cancelled' notice) only runs while its component is still mounted.
    onSuccess: () => {
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === accountKeys.all[0] || q.queryKey[0] === 'activities' });
    },
  });
}
