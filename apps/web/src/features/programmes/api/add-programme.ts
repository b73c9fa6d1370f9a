import type { Cart } from '@app/contracts';
import type { AnswerValue } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { deskCustomerParam } from '../../../lib/desk-mode';
import { basketKeys } from '../../basket';
import { programmeKeys } from '../keys';

/** Doc 2's basket item for a course or camp, in its own words (purchasableId, purchasableType course or camp, quantity always 1). */
export interface ProgrammeItem {
  purchasableId: number;
  purchasableType: 'course' | 'camp';
  quantity: 1;
  purchasedForUserId?: number;
  activityRestrictionIds: number[];
  customQuestionAnswers: { customQuestionId: number; answer: AnswerValue }[];
  extras: { pricingOptionId: number; quantity: number }[];
  bookingFullCamp?: boolean;
  campOccurrenceIds?: string[];
}

/** At the desk the item goes in the customer's basket (selected_user_id), and the API books it with source foh. */
export const addProgramme = async (item: ProgrammeItem) =>
  (await api.post<Cart>('/api/checkout/cart/add', { items: [item], ...deskCustomerParam() })).data;

/**
 * Adds a course or camp (doc 2, section 4, "After a successful add"): the basket is replaced by the answer and
 * reloaded, and the details reload (the refetch rules do that for every add). Its failures are the page's to show:
 * a 422 on a question goes onto that field.
 */
export function useAddProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...basketKeys.add(), 'programme'],
    mutationFn: addProgramme,
    meta: { toastErrors: false },
    onSuccess: async (cart: Camelize<Cart>) => {
      queryClient.setQueryData(basketKeys.cart(), cart);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: basketKeys.all }),
        queryClient.invalidateQueries({ queryKey: programmeKeys.all }),
      ]);
    },
  });
}
