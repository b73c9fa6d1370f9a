import { selectedUser } from '../../lib/selected-user';

export const basketKeys = {
  all: ['basket'] as const,
  /** Whose basket: the customer's own ('me') or a linked user's (selected_user_id). */
  cart: (who: number | null = selectedUser.current()) => [...basketKeys.all, 'cart', who ?? 'me'] as const,
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
