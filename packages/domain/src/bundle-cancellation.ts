import { formatMoney } from '@app/contracts';
import { type CancellationDecision, type CancellationPolicy, cancellationMessages } from './cancellation-policy';

/** One session of a bundle: what cancelling it now would do, by the policy that applies to it. */
export interface DecidedSession {
  decision: CancellationDecision;
  policy: CancellationPolicy;
}

/**
 * Doc 2's "cancellation for the whole bundle" (docs/decisions/193-a-bundles-cancellation-info.md): cancelling a bundle
 * cancels every session of it that can be cancelled now, so what comes back, and what it costs, are the sums over
 * those sessions, each by its own policy; the bundle can be cancelled while any can. The cut-off shown is that of
 * the first of them (sessions come in start order, so it is the next to pass); nothing cancellable, the first
 * session's reason that is not "only paid bookings" (a session already cancelled says nothing about the rest).
 *
 * `awards_credit` is true when credit comes back; its message then says the credit, and otherwise a refund says the
 * refund (as for one booking), so the flag and the words never disagree. A bundle whose sessions give back both (two
 * policies) shows the credit. Answers the first session's own decision for a bundle of one, null for none.
 */
export function bundleCancellation(sessions: DecidedSession[], currency: string): DecidedSession | null {
  const open = sessions.filter((s) => s.decision.canCancel);
  const pick = open[0] ?? sessions.find((s) => s.decision.cannotCancelReason !== cancellationMessages.notSettled) ?? sessions[0] ?? null;
  if (!pick || sessions.length <= 1 || open.length === 0) return pick;
  const sum = (f: (d: CancellationDecision) => number) => open.reduce((n, s) => n + f(s.decision), 0);
  const money = (n: number) => formatMoney(n, currency);
  const isCredit = (d: CancellationDecision) => d.outcome === 'general_credit' || d.outcome === 'membership_credit';
  const credit = sum((d) => (isCredit(d) ? d.amountBack : 0));
  const refund = sum((d) => (d.outcome === 'refund' ? d.amountBack : 0));
  const fee = sum((d) => d.fee);
  const charged = open.some((s) => s.decision.inside && s.decision.fee > 0);
  return {
    policy: pick.policy,
    decision: {
      ...pick.decision,
      fee,
      feeOwed: sum((d) => d.feeOwed),
      amountBack: credit + refund,
      strike: open.some((s) => s.decision.strike),
      // Inside a fee cut-off now, the bundle costs every fee it incurs; else the first session's own words.
      cutOffMessage: charged ? cancellationMessages.feeNow(money(fee)) : pick.decision.cutOffMessage,
      awardsCredit: credit > 0,
      awardsCreditMessage:
        credit > 0
          ? cancellationMessages.awardsCredit(money(credit))
          : refund > 0
            ? cancellationMessages.awardsRefund(money(refund))
            : null,
    },
  };
}
