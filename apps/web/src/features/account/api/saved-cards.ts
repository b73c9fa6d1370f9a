import type { SavedCard } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { accountKeys } from '../keys';
import { privateMeta } from './account-request';

/** GET /api/checkout/saved-cards: the caller's own saved cards (brand, last four, expiry; never a linked user's). */
export const savedCardsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.savedCards(),
    queryFn: async () => (await api.get<SavedCard[]>('/api/checkout/saved-cards')).data,
    meta: privateMeta,
  });

export const useSavedCards = () => useQuery(savedCardsQueryOptions());

/** DELETE /api/checkout/saved-cards/{id}: the provider lets go of the card first, then it leaves the list. */
export function useRemoveSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/api/checkout/saved-cards/${id}`);
    },
    // Checkout asks for its payment session (and the saved card it offers) afresh each time, so only this list is stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.savedCards() }),
  });
}
