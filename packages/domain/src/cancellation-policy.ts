import { formatMoney, localParts, zonedInstant } from '@app/contracts';

/**
 * Cancellation rules (issue 11; docs/decisions/100-cancellation-policy.md). An operator sets one policy per client,
 * and may override it per category or per schedule (the most specific wins, whole). A policy says how long before the
 * start the cut-off falls, what happens to a cancellation inside it, and where the money of a cancellation goes.
 */

export const cutOffActions = ['charge_fee', 'disable_booking', 'disable_access', 'disable_cancelling'] as const;
export type CutOffAction = (typeof cutOffActions)[number];

/** Where a cancelled booking's money goes: back to how it was paid, to general or membership credit, or nowhere. */
export const cancellationOutcomes = ['refund', 'general_credit', 'membership_credit', 'none'] as const;
export type CancellationOutcome = (typeof cancellationOutcomes)[number];

export type CancellationSourceName = 'customers' | 'foh' | 'my-account' | 'occurrence';

export interface CancellationPolicy {
  /**
   * Minutes before the start at which the cut-off falls; 0 for none. A whole number of days is counted in the client's
   * calendar (the same wall-clock time N days earlier), so "1 day" before a Sunday 10:00 class is Saturday 10:00
   * across a clock change too; anything else is elapsed time.
   */
  cutOffMinutes: number;
  /** What a cancellation inside the cut-off does. disable_booking and disable_access are strikes: recorded for staff. */
  cutOffActions: CutOffAction[];
  /** charge_fee: the fee, in the smallest currency unit. */
  feeAmount: number;
  outcome: CancellationOutcome;
}

/** No cut-off and nothing given back: what applies when the operator has set no policy (the behaviour before issue 11). */
export const defaultCancellationPolicy: CancellationPolicy = { cutOffMinutes: 0, cutOffActions: [], feeAmount: 0, outcome: 'none' };

/** The policy for a session: its schedule's, else its category's, else the client's, else the default. */
export function resolvePolicy(levels: {
  client?: CancellationPolicy | null;
  category?: CancellationPolicy | null;
  schedule?: CancellationPolicy | null;
}): CancellationPolicy {
  return levels.schedule ?? levels.category ?? levels.client ?? defaultCancellationPolicy;
}

const DAY_MINUTES = 1440;
const pad = (n: number) => String(n).padStart(2, '0');

/** The instant of the cut-off for a session starting at startsAt, or null when the policy has none. */
export function cutOffAt(policy: CancellationPolicy, startsAt: Date, timeZone: string): Date | null {
  if (policy.cutOffMinutes <= 0) return null;
  if (policy.cutOffMinutes % DAY_MINUTES !== 0) return new Date(startsAt.getTime() - policy.cutOffMinutes * 60_000);
  const l = localParts(startsAt, timeZone);
  const day = new Date(Date.UTC(l.year, l.month - 1, l.day - policy.cutOffMinutes / DAY_MINUTES));
  const slug = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
  return new Date(zonedInstant(slug, l.hour, l.minute, timeZone).getTime() + l.second * 1000);
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'Sat 28 Mar, 10:00' in the client's time zone. */
export function showCutOff(at: Date, timeZone: string): string {
  const l = localParts(at, timeZone);
  return `${l.weekday.slice(0, 3)} ${l.day} ${months[l.month - 1]}, ${pad(l.hour)}:${pad(l.minute)}`;
}

export const cancellationMessages = {
  started: 'This booking has already started.',
  notSettled: 'Only paid bookings can be changed.',
  cutOffPassed: (hours: string) => `Bookings cannot be cancelled less than ${hours} before the start.`,
  feeNow: (fee: string) => `Cancelling now costs ${fee}`,
  feeFrom: (fee: string, until: string) => `Cancel before ${until} to avoid a ${fee} fee`,
  cancelFreeUntil: (until: string) => `Cancel before ${until}`,
  strikeNow: 'Cancelling now is recorded as a late cancellation',
  awardsCredit: (amount: string) => `Cancel and receive ${amount} credit`,
  awardsRefund: (amount: string) => `Cancel and receive a ${amount} refund`,
  /** Ours (decision 191): the venue's source is the session's deletion's alone. */
  sessionNotCancelled: 'Bookings are cancelled with the source occurrence only by cancelling their session; use foh to cancel this one.',
} as const;

/** '24 hours', '2 days', '90 minutes' */
export function showCutOffLength(minutes: number): string {
  if (minutes % DAY_MINUTES === 0 && minutes >= 2 * DAY_MINUTES) return `${minutes / DAY_MINUTES} days`;
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

export interface CancellationFacts {
  status: 'settled' | 'reserved' | 'cancelled';
  startsAt: Date;
  /** What was paid for the booking (smallest unit); 0 for a free or package booking. */
  price: number;
  currency: string;
  timeZone: string;
}

export interface CancellationDecision {
  canCancel: boolean;
  cannotCancelReason: string | null;
  cutOff: Date | null;
  /** The cut-off has passed (and applies to this source). */
  inside: boolean;
  /** The cut-off actions taken by a cancellation now (empty outside the cut-off and when the venue cancels). */
  actions: CutOffAction[];
  fee: number;
  /** A strike against the customer (disable_booking or disable_access inside the cut-off), recorded for staff. */
  strike: boolean;
  outcome: CancellationOutcome;
  /** What goes back by the outcome: the price less the fee, never below 0. */
  amountBack: number;
  /** Part of the fee not covered by what goes back: owed by the customer as a penalty. */
  feeOwed: number;
  /** The spec's cancellation info texts. */
  cutOffMessage: string | null;
  awardsCredit: boolean;
  awardsCreditMessage: string | null;
}

/**
 * What cancelling a booking now would do, by who cancels. A customer (my-account, customers) is bound by the whole
 * policy; staff at the desk (foh) may cancel inside a disable_cancelling cut-off but the fee and strike still apply;
 * the venue cancelling the session (occurrence) is never charged, never struck and always gives the money back: when
 * the policy gives nothing back, the venue's cancellation refunds it.
 */
export function decideCancellation(
  policy: CancellationPolicy,
  facts: CancellationFacts,
  source: CancellationSourceName,
  now: Date,
): CancellationDecision {
  const venue = source === 'occurrence';
  const cutOff = cutOffAt(policy, facts.startsAt, facts.timeZone);
  const inside = !venue && cutOff !== null && now.getTime() >= cutOff.getTime();
  const actions = inside ? [...new Set(policy.cutOffActions)] : [];
  const started = facts.startsAt.getTime() <= now.getTime();
  let reason: string | null = null;
  if (facts.status !== 'settled') reason = cancellationMessages.notSettled;
  else if (started && !venue) reason = cancellationMessages.started;
  else if (actions.includes('disable_cancelling') && source !== 'foh')
    reason = cancellationMessages.cutOffPassed(showCutOffLength(policy.cutOffMinutes));
  const outcome: CancellationOutcome = venue && policy.outcome === 'none' ? 'refund' : policy.outcome;
  const price = Math.max(0, facts.price);
  const fee = actions.includes('charge_fee') ? Math.max(0, policy.feeAmount) : 0;
  const back = outcome === 'none' ? 0 : Math.max(0, price - fee);
  const feeOwed = outcome === 'none' ? fee : Math.max(0, fee - price);
  const strike = actions.includes('disable_booking') || actions.includes('disable_access');
  const money = (n: number) => formatMoney(n, facts.currency);
  let cutOffMessage: string | null = null;
  if (cutOff && !venue) {
    const until = showCutOff(cutOff, facts.timeZone);
    if (inside) {
      if (actions.includes('disable_cancelling')) cutOffMessage = cancellationMessages.cutOffPassed(showCutOffLength(policy.cutOffMinutes));
      else if (fee > 0) cutOffMessage = cancellationMessages.feeNow(money(fee));
      else if (strike) cutOffMessage = cancellationMessages.strikeNow;
    } else if (policy.cutOffActions.includes('charge_fee') && policy.feeAmount > 0) {
      cutOffMessage = cancellationMessages.feeFrom(money(policy.feeAmount), until);
    } else if (policy.cutOffActions.length > 0) {
      cutOffMessage = cancellationMessages.cancelFreeUntil(until);
    }
  }
  const awardsCredit = back > 0 && (outcome === 'general_credit' || outcome === 'membership_credit');
  return {
    canCancel: reason === null,
    cannotCancelReason: reason,
    cutOff,
    inside,
    actions,
    fee,
    strike,
    outcome,
    amountBack: back,
    feeOwed,
    cutOffMessage,
    awardsCredit,
    awardsCreditMessage: awardsCredit
      ? cancellationMessages.awardsCredit(money(back))
      : back > 0 && outcome === 'refund'
        ? cancellationMessages.awardsRefund(money(back))
        : null,
  };
}

/** What of an order's payment can still go back, per tender (the smallest unit). */
export interface RefundableTenders {
  card: number;
  membershipCredit: number;
  generalCredit: number;
  /** Cash, cheque, vouchers...: given back at the desk, outside the system. */
  offSystem: number;
}

export interface RefundSplit {
  card: number;
  membershipCredit: number;
  generalCredit: number;
  offSystem: number;
}

const tenderOrder = ['card', 'generalCredit', 'membershipCredit', 'offSystem'] as const;

/**
 * Splits what a cancellation gives back across the tenders that paid for the order. By 'refund', each tender gets its
 * share in proportion to what of it is left (largest remainders first, ties to card, then general credit), never
 * more than is left, so cancelling every booking of an order returns each tender exactly. By a credit outcome, the
 * whole amount becomes credit of that kind, whatever paid.
 */
export function splitRefund(amount: number, left: RefundableTenders, outcome: CancellationOutcome): RefundSplit {
  const split: RefundSplit = { card: 0, membershipCredit: 0, generalCredit: 0, offSystem: 0 };
  const want = Math.max(0, Math.floor(amount));
  if (outcome === 'none' || want === 0) return split;
  if (outcome === 'general_credit') return { ...split, generalCredit: want };
  if (outcome === 'membership_credit') return { ...split, membershipCredit: want };
  const rest = (k: (typeof tenderOrder)[number]) => Math.max(0, Math.floor(left[k]));
  const total = tenderOrder.reduce((n, k) => n + rest(k), 0);
  const give = Math.min(want, total);
  if (give === 0) return split;
  const shares = tenderOrder.map((k, i) => {
    const exact = (give * rest(k)) / total;
    return { k, i, base: Math.floor(exact), frac: exact - Math.floor(exact) };
  });
  let over = give - shares.reduce((n, s) => n + s.base, 0);
  for (const s of [...shares].sort((a, b) => b.frac - a.frac || a.i - b.i)) {
    if (over === 0) break;
    if (s.base < rest(s.k)) {
      s.base++;
      over--;
    }
  }
  for (const s of shares) split[s.k] = s.base;
  return split;
}

export type RefundStatus = 'partial' | 'full' | 'off-system' | 'mixed' | null;

/**
 * An order's refund_status from what went back (card refunds owed or made, credit given, money to return at the desk):
 * null (none) when nothing; 'off-system' when any of it is to be given back outside the system; 'mixed' when it went
 * back both to the card and as credit; else 'full' when all of the order's total went back, 'partial' when some did.
 */
export function refundStatusOf(orderTotal: number, back: { card: number; credit: number; offSystem: number }): RefundStatus {
  const sum = back.card + back.credit + back.offSystem;
  if (sum <= 0) return null;
  if (back.offSystem > 0) return 'off-system';
  if (back.card > 0 && back.credit > 0) return 'mixed';
  return sum >= orderTotal ? 'full' : 'partial';
}
