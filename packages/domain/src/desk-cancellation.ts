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

/**
 * What the operator's late-cancellation penalty (decision 129) adds to a cancellation the cancellation policy has
 * decided: its strike or its fee, only inside the cut-off (read at the cut-off as it falls) and before the start. One
 * late cancellation is one charge: when the cancellation policy already charges a fee (kept from what goes back, or
 * owed), the penalty's fee is not charged as well. A strike is no charge and still counts.
 */
export function lateCancellationPenalty(
  decision: CancellationDecision,
  penalties: PenaltyPolicy,
  startsAt: Date,
  now: Date,
): Penalty | null {
  if (!decision.canCancel || !decision.inside) return null;
  const penalty = penaltyFor(penalties, { kind: 'late_cancellation', startsAt, cancelledAt: now, cutOffAt: decision.cutOff });
  return penalty?.type === 'fee' && decision.fee > 0 ? null : penalty;
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
  const penalty = waive ? null : lateCancellationPenalty(decision, penalties, facts.startsAt, now);
  return { decision, penalty, waived: waive };
}
