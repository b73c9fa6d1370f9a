import type {
  CustomerHit,
  RegisterMarkBody,
  RegisterSession,
  RegisterView,
  StaffCustomerRecord,
  StaffMe,
  StaffRegisterBody,
} from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, sessionBelief } from '../../lib/api';

/** Everything the console caches is one customer's or the desk's: private, dropped at sign-out. */
export const staffKeys = {
  all: ['staff'] as const,
  me: () => ['staff', 'me'] as const,
  search: (q: string) => ['staff', 'search', q] as const,
  customer: (id: number) => ['staff', 'customer', id] as const,
  venues: () => ['staff', 'venues'] as const,
  registers: (venueId: number, date: string) => ['staff', 'registers', venueId, date] as const,
  register: (occurrenceId: string) => ['staff', 'register', occurrenceId] as const,
  settings: () => ['staff', 'settings'] as const,
};
const meta = { private: true };

export function useStaffMe() {
  return useQuery({
    queryKey: staffKeys.me(),
    queryFn: async () => (await api.get<StaffMe>('/api/staff/me')).data,
    retry: false,
    // A customer (403) or a timed-out desk (401) is an answer the layout shows as the sign-in with a notice, not an
    // error screen (the app's default sends a 403 there).
    throwOnError: false,
    meta,
  });
}

export function useStaffSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { username: string; password: string }) => {
      await api.post('/api/auth/customer/login', input);
    },
    meta: { toastErrors: false },
    onSuccess: async () => {
      sessionBelief.set(true);
      await queryClient.invalidateQueries();
    },
  });
}

export function useStaffSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      sessionBelief.set(false);
      await api.post('/api/auth/logout');
    },
    onSettled: async () => {
      queryClient.removeQueries({ queryKey: staffKeys.all });
      await queryClient.invalidateQueries();
    },
  });
}

export function useCustomerSearch(q: string) {
  return useQuery({
    queryKey: staffKeys.search(q),
    queryFn: async ({ signal }) => (await api.get<CustomerHit[]>('/api/staff/customers', { params: { q }, signal })).data,
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    meta,
  });
}

export function useCustomerRecord(id: number) {
  return useQuery({
    queryKey: staffKeys.customer(id),
    queryFn: async () => (await api.get<StaffCustomerRecord>(`/api/staff/customers/${id}`)).data,
    meta,
  });
}

export function useRegisterCustomer() {
  return useMutation({
    mutationFn: async (body: StaffRegisterBody) => (await api.post<StaffCustomerRecord['customer']>('/api/staff/customers', body)).data,
    meta: { toastErrors: false },
  });
}

/** Waives a penalty (`penalties/{id}`) or a strike (`strikes/{bookingId}/{event}`) with a reason, audited. */
export function useWaive(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ what, reason }: { what: string; reason: string }) => {
      await api.post(`/api/staff/customers/${customerId}/${what}/waive`, { reason });
    },
    meta: { toastErrors: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.customer(customerId) }),
  });
}

export interface StaffVenue {
  id: number;
  name: string;
  slug: string;
}

export function useStaffVenues() {
  return useQuery({
    queryKey: staffKeys.venues(),
    queryFn: async () => (await api.get<StaffVenue[]>('/api/activities/venues')).data,
  });
}

export function useRegisters(venueId: number | undefined, date: string) {
  return useQuery({
    queryKey: staffKeys.registers(venueId ?? 0, date),
    queryFn: async () => (await api.get<RegisterSession[]>('/api/staff/registers', { params: { venueId, date } })).data,
    enabled: venueId !== undefined,
    meta,
  });
}

export function useRegister(occurrenceId: string) {
  return useQuery({
    queryKey: staffKeys.register(occurrenceId),
    queryFn: async () => (await api.get<RegisterView>(`/api/staff/registers/${encodeURIComponent(occurrenceId)}`)).data,
    meta,
  });
}

export function useMarkAttendance(occurrenceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterMarkBody) => {
      await api.post(`/api/staff/registers/${encodeURIComponent(occurrenceId)}/attendance`, body, { bodyAsIs: true });
    },
    meta: { toastErrors: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.register(occurrenceId) }),
  });
}

/** The desk settings managers set (decision 239): for now the idle timeout, in minutes. */
export function useDeskSettings() {
  return useQuery({
    queryKey: staffKeys.settings(),
    queryFn: async () => (await api.get<{ desk_idle_minutes: number }>('/api/staff/settings')).data,
    meta,
  });
}

export function useSaveDeskSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { desk_idle_minutes: number }) =>
      (await api.put<{ desk_idle_minutes: number }>('/api/staff/settings', body)).data,
    meta: { toastErrors: false },
    // The layout's idle timer reads the timeout from /api/staff/me.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
