export const basketKeys = {
  all: ['basket'] as const,
  cart: () => [...basketKeys.all, 'cart'] as const,
  /** Mutation keys: the refetch rules (app/refetch-rules.ts) reload timetables after either succeeds. */
  add: () => [...basketKeys.all, 'add'] as const,
  remove: () => [...basketKeys.all, 'remove'] as const,
};
