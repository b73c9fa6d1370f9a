import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundleCancellation } from './bundle-cancellation';
import { type CancellationPolicy, cancellationOutcomes, cutOffActions, decideCancellation } from './cancellation-policy';

const tz = 'Europe/London';
const first = new Date('2026-06-10T09:00:00Z');
const day = 86_400_000;
const facts = (startsAt: Date, price: number, status: 'settled' | 'cancelled' = 'settled') => ({
  status,
  startsAt,
  price,
  currency: 'GBP',
  timeZone: tz,
});
const policies = fc.record<CancellationPolicy>({
  cutOffMinutes: fc.constantFrom(0, 60, 720, 1440, 2880),
  cutOffActions: fc.subarray([...cutOffActions]),
  feeAmount: fc.nat(1000),
  outcome: fc.constantFrom(...cancellationOutcomes),
});
const pounds = (text: string | null) => (text ? Math.round(Number(/£([\d,]+\.\d\d)/.exec(text)?.[1]?.replace(/,/g, '')) * 100) : null);

describe("a bundle's cancellation info, for the whole bundle", () => {
  it('sums what comes back and what it costs over the sessions that would be cancelled, and the words agree with the flag', () => {
    fc.assert(
      fc.property(
        policies,
        fc.array(fc.record({ price: fc.nat(3000), cancelled: fc.boolean() }), { minLength: 2, maxLength: 8 }),
        fc.integer({ min: -3 * 24 * 60, max: 4 * 24 * 60 }),
        fc.constantFrom('my-account', 'foh'),
        (policy, parts, minutes, source) => {
          const now = new Date(first.getTime() + minutes * 60_000);
          const sessions = parts.map((p, i) => ({
            policy,
            decision: decideCancellation(
              policy,
              facts(new Date(first.getTime() + i * day), p.price, p.cancelled ? 'cancelled' : 'settled'),
              source as 'foh',
              now,
            ),
          }));
          const bundle = bundleCancellation(sessions, 'GBP');
          const open = sessions.filter((s) => s.decision.canCancel);
          expect(bundle?.decision.canCancel).toBe(open.length > 0);
          if (open.length === 0) return;
          const back = open.reduce((n, s) => n + s.decision.amountBack, 0);
          const fees = open.reduce((n, s) => n + s.decision.fee, 0);
          const d = bundle!.decision;
          expect(d.amountBack).toBe(back);
          expect(d.fee).toBe(fees);
          expect(d.awardsCredit).toBe(back > 0 && (policy.outcome === 'general_credit' || policy.outcome === 'membership_credit'));
          if (back > 0 && policy.outcome !== 'none') expect(pounds(d.awardsCreditMessage)).toBe(back);
          else expect(d.awardsCreditMessage).toBeNull();
          if (d.awardsCreditMessage) expect(d.awardsCreditMessage.endsWith(' refund')).toBe(!d.awardsCredit);
          if (open.some((s) => s.decision.inside && s.decision.fee > 0)) expect(pounds(d.cutOffMessage)).toBe(fees);
        },
      ),
    );
  });

  it('with a refund policy: the whole bundle’s refund, not the first session’s, and awards_credit false', () => {
    const refund: CancellationPolicy = { cutOffMinutes: 720, cutOffActions: ['charge_fee'], feeAmount: 200, outcome: 'refund' };
    const now = new Date(first.getTime() - 2 * day);
    const sessions = [0, 1, 2].map((i) => ({
      policy: refund,
      decision: decideCancellation(refund, facts(new Date(first.getTime() + i * day), 650), 'my-account', now),
    }));
    expect(bundleCancellation(sessions, 'GBP')?.decision).toMatchObject({
      canCancel: true,
      amountBack: 1950,
      awardsCredit: false,
      awardsCreditMessage: 'Cancel and receive a £19.50 refund',
    });
    // Inside the first session's cut-off: its £2.00 fee is the bundle's cost, and £17.50 comes back.
    const late = new Date(first.getTime() - 3_600_000);
    const inside = [0, 1, 2].map((i) => ({
      policy: refund,
      decision: decideCancellation(refund, facts(new Date(first.getTime() + i * day), 650), 'my-account', late),
    }));
    expect(bundleCancellation(inside, 'GBP')?.decision).toMatchObject({
      cutOffMessage: 'Cancelling now costs £2.00',
      amountBack: 1750,
      awardsCreditMessage: 'Cancel and receive a £17.50 refund',
    });
  });

  it('a bundle of one is that session; nothing cancellable gives the reason of the first session still booked', () => {
    const policy: CancellationPolicy = {
      cutOffMinutes: 1440,
      cutOffActions: ['disable_cancelling'],
      feeAmount: 0,
      outcome: 'general_credit',
    };
    const one = { policy, decision: decideCancellation(policy, facts(first, 650), 'my-account', new Date(first.getTime() - 2 * day)) };
    expect(bundleCancellation([one], 'GBP')).toBe(one);
    const now = new Date(first.getTime() - 3_600_000);
    const none = [
      { policy, decision: decideCancellation(policy, facts(first, 650, 'cancelled'), 'my-account', now) },
      { policy, decision: decideCancellation(policy, facts(new Date(first.getTime() + 3_600_000), 650), 'my-account', now) },
    ];
    expect(bundleCancellation(none, 'GBP')?.decision).toMatchObject({
      canCancel: false,
      cannotCancelReason: 'Bookings cannot be cancelled less than 24 hours before the start.',
    });
    expect(bundleCancellation([], 'GBP')).toBeNull();
  });
});
