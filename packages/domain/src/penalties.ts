/**
 * No-shows and late cancellations (issue 15; docs/decisions/129-penalties.md). An operator's policy says what an
 * absence past the start, or a cancellation inside the cut-off, costs the customer: nothing, a fee, or a strike; and
 * how many strikes (N) within how many days (M) block online booking, for how many days (K).
 */

export const penaltyActions = ['none', 'fee', 'strike'] as const;
export type PenaltyAction = (typeof penaltyActions)[number];

export interface PenaltyPolicy {
  absentAction: PenaltyAction;
  lateCancellationAction: PenaltyAction;
  /** The fee, in the smallest currency unit, when an action is 'fee'. */
  feeAmount: number;
  /** N: strikes that block online booking; 0 never blocks. */
  strikesToBlock: number;
  /** M: the window the strikes are counted in, in days. */
  strikeWindowDays: number;
  /** K: how long online booking stays blocked, in days, counted from the strike that reached N. */
  blockDays: number;
}

/** No penalties: what applies when the operator has set no policy. */
export const noPenaltyPolicy: PenaltyPolicy = {
  absentAction: 'none',
  lateCancellationAction: 'none',
  feeAmount: 0,
  strikesToBlock: 0,
  strikeWindowDays: 0,
  blockDays: 0,
};

export type PenaltyEvent =
  /** Staff marked the customer absent at markedAt. */
  | { kind: 'absent'; startsAt: Date; markedAt: Date }
  /** The customer cancelled at cancelledAt; cutOffAt is the policy's cut-off (null when there is none). */
  | { kind: 'late_cancellation'; startsAt: Date; cancelledAt: Date; cutOffAt: Date | null };

export type Penalty = { type: 'fee'; amount: number } | { type: 'strike' };

/**
 * The penalty an event creates, or null. An absence counts only when marked at or after the start (a mark made
 * early is a mistake being corrected, not a no-show); a cancellation only inside the cut-off and before the start.
 * A fee of nothing is no penalty.
 */
export function penaltyFor(policy: PenaltyPolicy, event: PenaltyEvent): Penalty | null {
  let action: PenaltyAction;
  if (event.kind === 'absent') {
    if (event.markedAt.getTime() < event.startsAt.getTime()) return null;
    action = policy.absentAction;
  } else {
    if (!event.cutOffAt) return null;
    const at = event.cancelledAt.getTime();
    if (at < event.cutOffAt.getTime() || at >= event.startsAt.getTime()) return null;
    action = policy.lateCancellationAction;
  }
  if (action === 'strike') return { type: 'strike' };
  if (action === 'fee' && policy.feeAmount > 0) return { type: 'fee', amount: policy.feeAmount };
  return null;
}

const DAY_MS = 86_400_000;

/**
 * Until when online booking is blocked by these strikes, or null when it is not blocked at `now`. A strike that
 * brings the count within the M days ending at it to N blocks from that strike for K days; the latest such block
 * that has not ended counts. Strikes waived by staff are not passed in.
 */
export function onlineBookingBlockedUntil(policy: PenaltyPolicy, strikes: Date[], now: Date): Date | null {
  const n = policy.strikesToBlock;
  if (n <= 0 || policy.blockDays <= 0) return null;
  const times = strikes.map((s) => s.getTime()).sort((a, b) => a - b);
  const window = policy.strikeWindowDays * DAY_MS;
  let until: number | null = null;
  for (let i = n - 1; i < times.length; i++) {
    const last = times[i] as number;
    const first = times[i - n + 1] as number;
    if (last > now.getTime()) break;
    if (last - first <= window) {
      const end = last + policy.blockDays * DAY_MS;
      if (until === null || end > until) until = end;
    }
  }
  return until !== null && until > now.getTime() ? new Date(until) : null;
}

/** The spec's hasOutstandingPenalties: any penalty neither paid nor waived. */
export function hasOutstandingPenalties(penalties: { status: 'outstanding' | 'paid' | 'waived' }[]): boolean {
  return penalties.some((p) => p.status === 'outstanding');
}
