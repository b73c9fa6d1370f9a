import { type CancellationDecision, type CancellationFacts, type CancellationPolicy, decideCancellation } from './cancellation-policy';
import { type Penalty, type PenaltyPolicy, penaltyFor } from './penalties';

/**
 * Cancelling for a customer at the desk (issue 15; docs/decisions/165-cancelling-for-a-customer-at-the-desk.md).
 * The desk cancels as `foh`: the customer's cancellation policy applies (the desk may cancel inside a
 * disable_cancelling cut-off, until the start), and so does the operator's late-cancellation penalty, since it is
 * the customer cancelling, only through the desk. Staff may waive what the late cancellation costs, with a reason:
 * then no fee is withheld or owed and no penalty is recorded; what goes back is the whole price by the outcome.
 */

/** The policy without its fee: what a waived cancellation is decided by. */
export function waiveCancellationFee(policy: CancellationPolicy): CancellationPolicy {
  return { ...policy, cutOffActions: policy.cutOffActions.filter((a) => a !== 'charge_fee'), feeAmount: 0 };
}

export interface DeskCancellation {
  decision: CancellationDecision;
  /** The operator's late-cancellation penalty this cancellation would record (null when waived or outside the cut-off). */
  penalty: Penalty | null;
  waived: boolean;
}

export function deskCancellation(
  policy: CancellationPolicy,
  facts: CancellationFacts,
  penalties: PenaltyPolicy,
  now: Date,
  waive: boolean,
): DeskCancellation {
  const decision = decideCancellation(waive ? waiveCancellationFee(policy) : policy, facts, 'foh', now);
  // Inside the cut-off is already decided (the cut-off has passed): the event is read with the cut-off as it falls.
  const penalty =
    !waive && decision.canCancel && decision.inside
      ? penaltyFor(penalties, { kind: 'late_cancellation', startsAt: facts.startsAt, cancelledAt: now, cutOffAt: decision.cutOff })
      : null;
  return { decision, penalty, waived: waive };
}
