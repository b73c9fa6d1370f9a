import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CancellationPolicy, cutOffActions, decideCancellation } from './cancellation-policy';
import { deskCancellation, waiveCancellationFee } from './desk-cancellation';
import { noPenaltyPolicy, type PenaltyPolicy } from './penalties';

const tz = 'Europe/London';
const start = new Date('2026-06-10T09:00:00Z');
const policies = fc.record<CancellationPolicy>({
  cutOffMinutes: fc.constantFrom(0, 60, 120, 1440, 2880),
  cutOffActions: fc.subarray([...cutOffActions]),
  feeAmount: fc.nat(3000),
  outcome: fc.constantFrom('refund', 'general_credit', 'membership_credit', 'none'),
});
const penaltyPolicies = fc.record<PenaltyPolicy>({
  absentAction: fc.constantFrom('none', 'fee', 'strike'),
  lateCancellationAction: fc.constantFrom('none', 'fee', 'strike'),
  feeAmount: fc.nat(2000),
  strikesToBlock: fc.nat(5),
  strikeWindowDays: fc.nat(60),
  blockDays: fc.nat(30),
});
const facts = (price: number) => ({ status: 'settled' as const, startsAt: start, price, currency: 'GBP', timeZone: tz });
/** Any moment from three days before the start to an hour after it. */
const moments = fc.integer({ min: -72 * 60, max: 60 }).map((m) => new Date(start.getTime() + m * 60_000));

describe('cancelling for a customer at the desk', () => {
  it('not waived: exactly the foh decision, and the late-cancellation penalty only inside the cut-off before the start', () => {
    fc.assert(
      fc.property(policies, penaltyPolicies, moments, fc.nat(5000), (policy, penalties, now, price) => {
        const desk = deskCancellation(policy, facts(price), penalties, now, false);
        const foh = decideCancellation(policy, facts(price), 'foh', now);
        expect(desk.decision).toEqual(foh);
        if (!foh.canCancel || !foh.inside) expect(desk.penalty).toBeNull();
        else if (penalties.lateCancellationAction === 'strike') expect(desk.penalty).toEqual({ type: 'strike' });
        else if (penalties.lateCancellationAction === 'fee' && penalties.feeAmount > 0)
          expect(desk.penalty).toEqual({ type: 'fee', amount: penalties.feeAmount });
        else expect(desk.penalty).toBeNull();
      }),
    );
  });

  it('waived: nothing withheld, nothing owed, no penalty, the whole price back by the outcome; cancellable exactly as before', () => {
    fc.assert(
      fc.property(policies, penaltyPolicies, moments, fc.nat(5000), (policy, penalties, now, price) => {
        const waived = deskCancellation(policy, facts(price), penalties, now, true);
        const charged = deskCancellation(policy, facts(price), penalties, now, false);
        expect(waived.decision.canCancel).toBe(charged.decision.canCancel);
        expect(waived.decision.inside).toBe(charged.decision.inside);
        expect(waived.decision.fee).toBe(0);
        expect(waived.decision.feeOwed).toBe(0);
        expect(waived.penalty).toBeNull();
        expect(waived.decision.amountBack).toBe(policy.outcome === 'none' ? 0 : price);
        expect(waived.decision.amountBack).toBeGreaterThanOrEqual(charged.decision.amountBack);
      }),
    );
  });

  it('a waived policy keeps every action but the fee', () => {
    const policy: CancellationPolicy = {
      cutOffMinutes: 1440,
      cutOffActions: ['charge_fee', 'disable_booking'],
      feeAmount: 300,
      outcome: 'refund',
    };
    expect(waiveCancellationFee(policy)).toEqual({ ...policy, cutOffActions: ['disable_booking'], feeAmount: 0 });
    const inside = new Date(start.getTime() - 3_600_000);
    const d = deskCancellation(policy, facts(650), noPenaltyPolicy, inside, true);
    expect(d.decision).toMatchObject({ canCancel: true, inside: true, fee: 0, strike: true, amountBack: 650 });
  });
});
