import { intId } from './envelope';
import { z } from './zod-setup';

/**
 * The operator's cancellation policy (issue 11; decisions 100 and 192): one for the client, and overrides per category
 * or per schedule, the most specific winning whole. Set by managers through `/api/staff/cancellation-policies`.
 */
export const cancellationCutOffActions = ['charge_fee', 'disable_booking', 'disable_access', 'disable_cancelling'] as const;
export const cancellationPolicyOutcomes = ['refund', 'general_credit', 'membership_credit', 'none'] as const;

/** The longest cut-off an operator may set: 30 days before the start, in minutes. */
export const maxCutOffMinutes = 43_200;

export const cancellationPolicyBody = z.object({
  /** Minutes before the start; 0 for no cut-off. A whole number of days counts in the client's calendar. */
  cut_off_minutes: z.int32().min(0).max(maxCutOffMinutes),
  /** What a cancellation inside the cut-off does: a fee, a strike (disable_booking, disable_access), or no cancelling. */
  cut_off_actions: z.array(z.enum(cancellationCutOffActions)).max(cancellationCutOffActions.length),
  /** charge_fee: the fee, in the smallest currency unit. */
  fee_amount: z.int32().min(0).max(100_000),
  /** Where a cancellation's money goes: back as it was paid, as general or membership credit, or nowhere. */
  outcome: z.enum(cancellationPolicyOutcomes),
});
export type CancellationPolicyBody = z.infer<typeof cancellationPolicyBody>;

/** Every policy the client has set, by level; a level not listed follows the next less specific one. */
export const cancellationPolicies = z.object({
  client: cancellationPolicyBody.nullable(),
  categories: z.array(z.object({ category: z.object({ id: z.int32(), name: z.string() }), policy: cancellationPolicyBody })),
  schedules: z.array(
    z.object({ schedule: z.object({ id: z.int32(), name: z.string(), venue: z.string() }), policy: cancellationPolicyBody }),
  ),
});
export type CancellationPolicies = z.infer<typeof cancellationPolicies>;

export const cancellationPolicyCategoryParams = z.object({ categoryId: intId });
export const cancellationPolicyScheduleParams = z.object({ scheduleId: intId });

/** Our wording (the spec has no staff screens). */
export const cancellationPolicyMessages = {
  saved: 'Cancellation policy saved.',
  removed: 'Cancellation policy removed.',
  actionsTwice: 'List each action once.',
  actionsWithoutCutOff: 'Set how long before the start the cut-off falls, or choose no actions.',
  cutOffWithoutActions: 'Choose what happens to a cancellation inside the cut-off, or set no cut-off.',
  feeWithoutAmount: 'Set the fee a cancellation inside the cut-off costs.',
  amountWithoutFee: 'A fee is charged only with the charge_fee action.',
  groupCategory: "Choose an activity's category: a group holds no sessions of its own.",
} as const;
