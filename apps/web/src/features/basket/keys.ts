export const basketKeys = {
  all: ['basket'] as const,
  cart: () => [...basketKeys.all, 'cart'] as const,
};
