import { money } from './money';
import { z } from './zod-setup';

/** How often a membership plan's price is charged (membership_plans.billing_period). */
export const billingPeriod = z.enum(['monthly', 'annual', 'one_off']);
export type BillingPeriod = z.infer<typeof billingPeriod>;

/**
 * A membership plan for sale online (GET /api/online-joining/plans, the /pricing page). Its `id` is what the basket
 * takes as `{ id, type: 'membership' }`.
 */
export const membershipPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  price: money,
  billing_period: billingPeriod,
});
export type MembershipPlan = z.infer<typeof membershipPlan>;
