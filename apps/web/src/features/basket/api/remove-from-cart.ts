import { type Cart, toastMessages } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { deskCustomerParam } from '../../../lib/desk-mode';
import { notifySuccess } from '../../../lib/notify';
import { basketKeys } from '../keys';

export const removeFromCart = async (cartItemId: number) =>
  (await api.post<Cart>('/api/checkout/cart/remove', { cartItemIds: [cartItemId] }, { params: deskCustomerParam() })).data;

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: basketKeys.remove(),
    mutationFn: removeFromCart,
    onSuccess: (cart) => {
      queryClient.setQueryData(basketKeys.cart(), cart);
      notifySuccess(toastMessages.cartRemoved);
    },
  });
}
