import type { MyWaitlistEntry } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { privateMeta, type Who, whoParams } from './account-request';

export type MyWaitlist = Camelize<MyWaitlistEntry>;

/** GET /api/my-account/waitlists: the waitlists the customer is on, with their place in each queue and live offers. */
export const waitlistsQueryOptions = (who: Who) =>
  queryOptions({
    queryKey: ['account', 'waitlists', who],
    queryFn: async () => (await api.get<MyWaitlist[]>('/api/my-account/waitlists', { params: whoParams(who) })).data,
    meta: privateMeta,
  });

export const useMyWaitlists = (who: Who) => useQuery(waitlistsQueryOptions(who));

/**
 * Follows a waitlist offer: the place held for the customer goes into their basket, with the session's waivers agreed
 * (activity_restriction_ids) when it asks any (the offer's restrictions).
 */
export function useAcceptOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ token, activityRestrictionIds = [] }: { token: string; activityRestrictionIds?: number[] }) =>
      api.post(`/api/waitlist-offers/${token}/accept`, { activityRestrictionIds }),
    // Not awaited, so the caller's navigation runs before the refetch takes the offer (and its button) away.
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}
