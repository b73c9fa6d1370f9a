import type { calendarFeed, calendarFeedUrl } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

const feedKey = ['calendar-feed'] as const;

/** Whether the customer has a private calendar feed (decision 108). */
export const useCalendarFeed = () =>
  useQuery({
    queryKey: feedKey,
    queryFn: async () => (await api.get<z.infer<typeof calendarFeed>>('/api/my-account/calendar-feed')).data,
  });

/** A new secret address (the old one stops working); its URL is in the answer, shown once. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<z.infer<typeof calendarFeedUrl>>('/api/my-account/calendar-feed')).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKey }),
  });
}

export function useRemoveCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.delete<null>('/api/my-account/calendar-feed')).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKey }),
  });
}
