import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hasOutstandingPenalties,
  noPenaltyPolicy,
  onlineBookingBlockedUntil,
  type PenaltyPolicy,
  penaltyActions,
  penaltyFor,
} from './penalties';

const DAY = 86_400_000;
const base = Date.UTC(2026, 10, 24, 9);
const at = (ms: number) => new Date(base + ms);

const policyArb = fc.record({
  absentAction: fc.constantFrom(...penaltyActions),
  lateCancellationAction: fc.constantFrom(...penaltyActions),
  feeAmount: fc.integer({ min: 0, max: 10_000 }),
  strikesToBlock: fc.integer({ min: 0, max: 6 }),
  strikeWindowDays: fc.integer({ min: 0, max: 60 }),
  blockDays: fc.integer({ min: 0, max: 30 }),
});

describe('penaltyFor', () => {
  it('never penalises an absence marked before the start, nor a cancellation outside the cut-off or after the start', () => {
    fc.assert(
      fc.property(policyArb, fc.integer({ min: -10 * DAY, max: 10 * DAY }), fc.integer({ min: 0, max: 3 * DAY }), (policy, offset, cut) => {
        const startsAt = at(0);
        const absent = penaltyFor(policy, { kind: 'absent', startsAt, markedAt: at(offset) });
        if (offset < 0) expect(absent).toBeNull();
        const late = penaltyFor(policy, { kind: 'late_cancellation', startsAt, cancelledAt: at(offset), cutOffAt: at(-cut) });
        if (offset < -cut || offset >= 0) expect(late).toBeNull();
        expect(penaltyFor(policy, { kind: 'late_cancellation', startsAt, cancelledAt: at(offset), cutOffAt: null })).toBeNull();
      }),
    );
  });

  it("gives the policy's action inside the rules: a fee of the policy's amount (none when it is zero) or a strike", () => {
    fc.assert(
      fc.property(policyArb, fc.integer({ min: 0, max: 5 * DAY }), (policy, offset) => {
        const absent = penaltyFor(policy, { kind: 'absent', startsAt: at(0), markedAt: at(offset) });
        const expected = (action: string) =>
          action === 'strike'
            ? { type: 'strike' }
            : action === 'fee' && policy.feeAmount > 0
              ? { type: 'fee', amount: policy.feeAmount }
              : null;
        expect(absent).toEqual(expected(policy.absentAction));
        const late = penaltyFor(policy, {
          kind: 'late_cancellation',
          startsAt: at(DAY),
          cancelledAt: at(DAY - 1 - (offset % DAY)),
          cutOffAt: at(0),
        });
        expect(late).toEqual(expected(policy.lateCancellationAction));
      }),
    );
  });

  it('gives nothing under the no-penalty policy', () => {
    expect(penaltyFor(noPenaltyPolicy, { kind: 'absent', startsAt: at(0), markedAt: at(60_000) })).toBeNull();
  });
});

/** The rule read literally: blocked at now by a strike s if s <= now < s + K and at least N strikes fall in [s - M, s]. */
function blockedByDefinition(policy: PenaltyPolicy, strikes: number[], now: number): boolean {
  if (policy.strikesToBlock <= 0 || policy.blockDays <= 0) return false;
  return strikes.some(
    (s) =>
      s <= now &&
      now < s + policy.blockDays * DAY &&
      strikes.filter((x) => x <= s && x >= s - policy.strikeWindowDays * DAY).length >= policy.strikesToBlock,
  );
}

describe('onlineBookingBlockedUntil', () => {
  it('is blocked exactly when the rule read literally says so', () => {
    fc.assert(
      fc.property(
        policyArb,
        fc.array(
          fc.integer({ min: 0, max: 90 }).map((d) => d * DAY),
          { maxLength: 10 },
        ),
        fc.integer({ min: 0, max: 120 * DAY }),
        (policy, strikes, now) => {
          const until = onlineBookingBlockedUntil(
            policy,
            strikes.map((s) => at(s)),
            at(now),
          );
          expect(until !== null).toBe(blockedByDefinition(policy, strikes, now));
          if (until) expect(until.getTime()).toBeGreaterThan(base + now);
        },
      ),
    );
  });

  it('blocks for K days from the Nth strike within M days (3 strikes in 30 days block for 7)', () => {
    const policy: PenaltyPolicy = { ...noPenaltyPolicy, strikesToBlock: 3, strikeWindowDays: 30, blockDays: 7 };
    const strikes = [at(0), at(10 * DAY), at(25 * DAY)];
    expect(onlineBookingBlockedUntil(policy, strikes.slice(0, 2), at(26 * DAY))).toBeNull();
    expect(onlineBookingBlockedUntil(policy, strikes, at(26 * DAY))).toEqual(at(32 * DAY));
    expect(onlineBookingBlockedUntil(policy, strikes, at(32 * DAY))).toBeNull();
    // Spread over more than M days, the same three strikes block nothing.
    expect(onlineBookingBlockedUntil(policy, [at(0), at(10 * DAY), at(31 * DAY)], at(31 * DAY))).toBeNull();
  });
});

describe('hasOutstandingPenalties', () => {
  it('is true while any penalty is neither paid nor waived', () => {
    expect(hasOutstandingPenalties([])).toBe(false);
    expect(hasOutstandingPenalties([{ status: 'paid' }, { status: 'waived' }])).toBe(false);
    expect(hasOutstandingPenalties([{ status: 'paid' }, { status: 'outstanding' }])).toBe(true);
  });
});
