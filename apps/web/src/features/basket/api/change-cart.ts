import { type Cart, defaultCartSource, toastMessages } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { completedWaivers } from '../../../lib/completed-waivers';
import { deskCustomerParam } from '../../../lib/desk-mode';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { basketKeys } from '../keys';
import type { CartLine } from './get-cart';

/** PUT /api/checkout/cart/{cartItemId}: a new quantity (at least 1) or the item's extras. */
export const updateCartItem = async (
  id: number,
  change: { quantity?: number; extras?: { pricingOptionId: number; quantity: number }[]; purchasedForUserId?: number },
) => (await api.put<Cart>(`/api/checkout/cart/${id}`, { ...change, ...deskCustomerParam() })).data;

/** DELETE /api/checkout/cart: empties the basket. */
export const clearCart = async () => {
  const cart = (await api.delete<Cart>('/api/checkout/cart', { params: deskCustomerParam() })).data;
  completedWaivers.reset();
  return cart;
};

/** DELETE /api/activities/{benefit|package}/remove/{cartItemId}: the item goes back to its full price. */
export const removeDiscount = async (what: 'benefit' | 'package', id: number) =>
  (await api.delete<Cart>(`/api/activities/${what}/remove/${id}`, { params: { source: defaultCartSource } })).data;

type Change =
  | { type: 'quantity'; item: CartLine; quantity: number }
  | { type: 'extra'; item: CartLine; pricingOptionId: number; name: string }
  | { type: 'benefit'; item: CartLine }
  | { type: 'package'; item: CartLine }
  /** Moves a session to another person: the customer or a linked user (decision 168). */
  | { type: 'move'; item: CartLine; toUserId: number };

function send(change: Change) {
  switch (change.type) {
    case 'quantity':
      return updateCartItem(change.item.id, { quantity: change.quantity });
    case 'extra':
      return updateCartItem(change.item.id, {
        extras: change.item.extras.map((e) => ({
          pricingOptionId: e.pricingOptionId,
          quantity: e.pricingOptionId === change.pricingOptionId ? 0 : e.quantity,
        })),
      });
    case 'benefit':
    case 'package':
      return removeDiscount(change.type, change.item.id);
    case 'move':
      return updateCartItem(change.item.id, { purchasedForUserId: change.toUserId });
  }
}

const successText = (change: Change): string => {
  switch (change.type) {
    case 'quantity':
    case 'move':
      return toastMessages.cartUpdated;
    case 'extra':
      return toastMessages.extraRemoved(change.name);
    case 'benefit':
      return toastMessages.benefitRemoved;
    case 'package':
      return toastMessages.packageRemoved;
  }
};

/**
 * Every change to the basket that keeps its places (add, remove and clear take or free them), each with its toast of
 * doc 1, section 8. A failure shows the server's message (a 422 lists its field messages); removing an extra has its
 * own failure text.
 */
export function useChangeCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...basketKeys.all, 'change'],
    mutationFn: send,
    // The notice is this hook's own (removing an extra has its own words), not the app-wide one as well.
    meta: { toastErrors: false },
    onSuccess: (cart, change) => {
      queryClient.setQueryData(basketKeys.cart(), cart);
      notifySuccess(successText(change));
    },
    onError: (error, change) => {
      if (change.type === 'extra') notifyError(toastMessages.extraRemoveFailed(change.name));
      else notifyError(error);
      void queryClient.invalidateQueries({ queryKey: basketKeys.all });
    },
  });
}

/**
 * Empties the basket ('Successfully cleared order.'). Its key is a `remove`, so the timetables reload and show the
 * places it gave back (app/refetch-rules.ts).
 */
export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: basketKeys.clear(),
    mutationFn: clearCart,
    onSuccess: (cart) => {
      queryClient.setQueryData(basketKeys.cart(), cart);
      notifySuccess(toastMessages.orderCleared);
    },
    // The failure notice is the app-wide one (the server's message); the basket reloads to show what is still in it.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: basketKeys.all });
    },
  });
}
