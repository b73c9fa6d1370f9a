import { type Cart, type CartItemInput, toastMessages } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { deskCustomerParam } from '../../../lib/desk-mode';
import { notifySuccess } from '../../../lib/notify';
import { purchasedForParam } from '../../../lib/selected-user';
import { basketKeys } from '../keys';

export type AddItem = Camelize<
  Pick<CartItemInput, 'id' | 'type'> &
    Partial<Pick<CartItemInput, 'tickets' | 'home_venue_id' | 'purchased_for_user_id' | 'activity_restriction_ids'>>
>;

/** Items go in the customer's own basket; while booking for someone, each is marked for them (decision 168). */
export const addToCart = async (items: AddItem[]) =>
  (
    await api.post<Cart>('/api/checkout/cart/add', {
      items: items.map((item) => ({ ...purchasedForParam(), ...item })),
      ...deskCustomerParam(),
    })
  ).data;

/**
 * Adds to the basket: on success the basket is replaced by the answer and a success toast shows. A failure is the
 * app-wide notice unless the caller shows it itself (`toastErrors: false`).
 */
export function useAddToCart(options: { toastErrors?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: basketKeys.add(),
    mutationFn: addToCart,
    meta: { toastErrors: options.toastErrors ?? true },
    onSuccess: async (cart) => {
      queryClient.setQueryData(basketKeys.cart(), cart);
      notifySuccess(toastMessages.cartAdded);
      await queryClient.invalidateQueries({ queryKey: basketKeys.all });
    },
  });
}
