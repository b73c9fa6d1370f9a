import type { DeskBooking, DeskCancelResult, RegisterView } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { staffKeys } from './api';

/** Cancelling for a customer and walk-ins (decisions 165, 166): the console's calls beside api.ts's. */
const meta = { private: true };
const upcomingKey = (customerId: number) => [...staffKeys.customer(customerId), 'upcoming'] as const;

export function useDeskBookings(customerId: number) {
  return useQuery({
    queryKey: upcomingKey(customerId),
    queryFn: async () => (await api.get<DeskBooking[]>(`/api/staff/customers/${customerId}/bookings`)).data,
    meta,
  });
}

export function useDeskCancel(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { bookingId: number; waiveCharge: boolean; reason?: string }) =>
      (
        await api.post<DeskCancelResult>(`/api/staff/customers/${customerId}/bookings/${input.bookingId}/cancel`, {
          waiveCharge: input.waiveCharge,
          ...(input.waiveCharge ? { reason: input.reason } : {}),
        })
      ).data,
    meta: { toastErrors: false },
    // The record's penalties and credit change with a cancellation, as well as the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.customer(customerId) }),
  });
}

export function useAddWalkIn(occurrenceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) =>
      (await api.post<RegisterView>(`/api/staff/registers/${encodeURIComponent(occurrenceId)}/walk-ins`, { userId })).data,
    meta: { toastErrors: false },
    onSuccess: (view) => queryClient.setQueryData(staffKeys.register(occurrenceId), view),
  });
}
