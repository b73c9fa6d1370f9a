import { z } from 'zod';

/**
 * What one customer may hold at once (decision 077), as an operator sets it for their client: places held across
 * their open baskets, open baskets with something in them, and items per add. Null: the deployment's default
 * (CUSTOMER_MAX_*), which `defaults` says. The bounds are the deployment settings' own.
 */
export const customerLimitFields = {
  max_places_held: z.int32().min(1).max(10_000).nullable(),
  max_open_baskets: z.int32().min(1).max(100).nullable(),
  /** At most the contract's own 50 items per add. */
  max_items_per_request: z.int32().min(1).max(50).nullable(),
};

export const customerLimitSettings = z.object({
  ...customerLimitFields,
  /** What applies where the client sets nothing. */
  defaults: z.object({ max_places_held: z.int32(), max_open_baskets: z.int32(), max_items_per_request: z.int32() }),
});
export type CustomerLimitSettings = z.infer<typeof customerLimitSettings>;

/** Change any of them; null goes back to the deployment's default. */
export const customerLimitsBody = z.object(customerLimitFields).partial().strict();
export type CustomerLimitsBody = z.infer<typeof customerLimitsBody>;
