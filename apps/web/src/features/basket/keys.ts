import { deskMode } from '../../lib/desk-mode';

export const basketKeys = {
  all: ['basket'] as const,
  /** The customer's own basket: one for everyone they book for (decision 168). */
  cart: () => [...basketKeys.all, 'cart', deskMode.current()?.customerId ?? 'me'] as const,
  /**
   * Mutation keys: the refetch rules (app/refetch-rules.ts) reload timetables after anything under `add` or `remove`
   * succeeds, since those take or free places. Everything that takes items out of the basket is a `remove`: one item,
   * emptying it (`clear`) and a completed payment (`paid`, whose held places become bookings).
   */
  add: () => [...basketKeys.all, 'add'] as const,
  remove: () => [...basketKeys.all, 'remove'] as const,
  clear: () => [...basketKeys.remove(), 'all'] as const,
  paid: () => [...basketKeys.remove(), 'paid'] as const,
};
