import type { CompleteResult, Order, TillView } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { staffKeys } from './api';

/** The till and desk-sale calls of the console (issue 15, decisions 161-163). Private, like the rest of staffKeys. */
export const deskKeys = {
  tills: (venueId: number) => [...staffKeys.all, 'tills', venueId] as const,
  receipt: (orderId: number) => [...staffKeys.all, 'receipt', orderId] as const,
};
const meta = { private: true };

export function useTills(venueId: number | undefined) {
  return useQuery({
    queryKey: deskKeys.tills(venueId ?? 0),
    queryFn: async () => (await api.get<TillView[]>('/api/staff/tills', { params: { venueId } })).data,
    enabled: venueId !== undefined,
    meta,
  });
}

/** Opens (with a float) or closes (with what was counted) a till; the venue's tills are read again after. */
export function useTillAction(venueId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ tillId, action, amount }: { tillId: number; action: 'open' | 'close'; amount: number }) =>
      (await api.post<TillView>(`/api/staff/tills/${tillId}/${action}`, action === 'open' ? { float: amount } : { counted: amount })).data,
    meta: { toastErrors: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskKeys.tills(venueId ?? 0) }),
  });
}

export interface DeskPayment {
  tenderType: 'cash' | 'card' | 'general-credit' | 'voucher';
  amount: number;
}

/** POST {checkout}/pay on the front-of-house base: the desk's payment for the selected customer's basket. */
export function useDeskPay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { selectedUserId: number; itemHash: string; payments: DeskPayment[]; tillId?: string }) =>
      (await api.post<CompleteResult>('/api/foh/checkout/pay', body)).data,
    meta: { toastErrors: false },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The order a receipt prints: read through the customer's order call, which staff may read for their customers. */
export function useReceipt(orderId: number) {
  return useQuery({
    queryKey: deskKeys.receipt(orderId),
    queryFn: async () => (await api.get<Order>(`/api/orders/${orderId}`)).data,
    meta,
  });
}
