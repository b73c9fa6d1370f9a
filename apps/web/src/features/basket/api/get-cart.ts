import type { Cart } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { deskCustomerParam } from '../../../lib/desk-mode';
import { useUser } from '../../auth';
import { basketKeys } from '../keys';

export type CartView = Camelize<Cart>;
export type CartLine = CartView['items'][number];

/** The customer's own basket: whom each line is for is on the line (decision 168), never a second basket. */
export const getCart = async (): Promise<CartView> => (await api.get<Cart>('/api/checkout/cart', { params: deskCustomerParam() })).data;

export const cartQueryOptions = () =>
  queryOptions({
    queryKey: basketKeys.cart(),
    queryFn: getCart,
    meta: { private: true },
    // The basket shows its own load failure message.
    throwOnError: false,
  });

/** The basket of the logged-in user; a visitor has none (the API would answer 401). */
export function useCart() {
  const { isLoggedIn, isPending: userPending } = useUser();
  const query = useQuery({ ...cartQueryOptions(), enabled: isLoggedIn });
  return { ...query, isLoggedIn, userPending, cart: isLoggedIn ? query.data : undefined };
}

export function useCartCount(): number {
  const { cart } = useCart();
  return cart?.totals.itemCount ?? 0;
}
