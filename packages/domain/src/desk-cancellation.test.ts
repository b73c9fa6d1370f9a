import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CancellationPolicy, cutOffActions, decideCancellation } from './cancellation-policy';
import { deskCancellation, lateCancellationPenalty, waiveCancellationFee } from './desk-cancellation';
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
        else if (penalties.lateCancellationAction === 'fee' && penalties.feeAmount > 0 && foh.fee === 0)
          expect(desk.penalty).toEqual({ type: 'fee', amount: penalties.feeAmount });
        else expect(desk.penalty).toBeNull();
      }),
    );
  });

  it('one late cancellation is one charge: the penalty fee only when the cancellation policy charged none', () => {
    fc.assert(
      fc.property(
        policies,
        penaltyPolicies,
        moments,
        fc.nat(5000),
        fc.constantFrom('my-account', 'customers', 'foh'),
        (policy, penalties, now, price, source) => {
          const d = decideCancellation(policy, facts(price), source as 'foh', now);
          const penalty = lateCancellationPenalty(d, penalties, start, now);
          const charges = (d.fee > 0 ? 1 : 0) + (penalty?.type === 'fee' ? 1 : 0);
          expect(charges).toBeLessThanOrEqual(1);
          if (penalty) expect(d.inside && d.canCancel && now < start && d.cutOff !== null && now >= d.cutOff).toBe(true);
        },
      ),
    );
    // Both set: the policy's £2.00 fee is the charge, the penalty's £5.00 is not added; a strike still counts.
    const policy: CancellationPolicy = { cutOffMinutes: 720, cutOffActions: ['charge_fee'], feeAmount: 200, outcome: 'refund' };
    const inside = new Date(start.getTime() - 3_600_000);
    const d = decideCancellation(policy, facts(650), 'my-account', inside);
    const fee: PenaltyPolicy = { ...noPenaltyPolicy, lateCancellationAction: 'fee', feeAmount: 500 };
    expect(d.fee).toBe(200);
    expect(lateCancellationPenalty(d, fee, start, inside)).toBeNull();
    expect(lateCancellationPenalty(d, { ...fee, lateCancellationAction: 'strike' }, start, inside)).toEqual({ type: 'strike' });
    const noFee = decideCancellation({ ...policy, cutOffActions: ['disable_booking'] }, facts(650), 'my-account', inside);
    expect(lateCancellationPenalty(noFee, fee, start, inside)).toEqual({ type: 'fee', amount: 500 });
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
