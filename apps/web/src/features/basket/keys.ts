import { selectedUser } from '../../lib/selected-user';

export const basketKeys = {
  all: ['basket'] as const,
  /** Whose basket: the customer's own ('me') or a linked user's (selected_user_id). */
  cart: (who: number | null = selectedUser.current()) => [...basketKeys.all, 'cart', who ?? 'me'] as const,
  /** Mutation keys: the refetch rules (app/refetch-rules.ts) reload timetables after either succeeds. */
  add: () => [...basketKeys.all, 'add'] as const,
  remove: () => [...basketKeys.all, 'remove'] as const,
};
