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
  id: z.int32(),
  name: z.string(),
  description: z.string().nullable(),
  price: money,
  billing_period: billingPeriod,
  /**
   * For a logged-in caller: 'this_plan' when they hold an active membership on this plan, 'another_plan' when they
   * hold one on another plan (joining is then a change of plan), null otherwise (issue 13, defect 14).
   */
  held: z.enum(['this_plan', 'another_plan']).nullable(),
});
export type MembershipPlan = z.infer<typeof membershipPlan>;
