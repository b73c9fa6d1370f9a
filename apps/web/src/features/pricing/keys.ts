/**
 * The plans for sale differ by client (one per origin), and say which one the logged-in customer holds: keyed by who
 * is asking, so logging in or out asks again.
 */
export const pricingKeys = {
  all: ['pricing'] as const,
  plans: (userId: number | null = null) => [...pricingKeys.all, 'plans', userId] as const,
  venues: () => [...pricingKeys.all, 'venues'] as const,
};
