import type { Cart } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { useCurrentSelectedUserId } from '../../../lib/selected-user';
import { useUser } from '../../auth';
import { basketKeys } from '../keys';

export type CartView = Camelize<Cart>;
export type CartLine = CartView['items'][number];

export const getCart = async (who: number | null): Promise<CartView> =>
  (await api.get<Cart>('/api/checkout/cart', { params: who === null ? {} : { selectedUserId: who } })).data;

export const cartQueryOptions = (who: number | null = null) =>
  queryOptions({
    queryKey: basketKeys.cart(who),
    queryFn: () => getCart(who),
    meta: { private: true },
    // The basket shows its own load failure message.
    throwOnError: false,
  });

/** The basket of the logged-in user; a visitor has none (the API would answer 401). */
export function useCart() {
  const { isLoggedIn, isPending: userPending } = useUser();
  const who = useCurrentSelectedUserId();
  const query = useQuery({ ...cartQueryOptions(who), enabled: isLoggedIn });
  return { ...query, isLoggedIn, userPending, cart: isLoggedIn ? query.data : undefined };
}

export function useCartCount(): number {
  const { cart } = useCart();
  return cart?.totals.itemCount ?? 0;
}
