/** The plans for sale differ by client only, and the app serves one client per origin. */
export const pricingKeys = {
  all: ['pricing'] as const,
  plans: () => [...pricingKeys.all, 'plans'] as const,
};
