import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agreementCurrent, agreementExpiry, isPostPurchase, isPrePurchase, restrictionMet, unmetRestrictions } from './restrictions';

const now = new Date('2026-06-01T12:00:00Z');

describe('agreements', () => {
  it('count while the terms are the ones agreed and the period has not run out', () => {
    expect(agreementCurrent({ termsVersion: 2, expiresAt: null }, 2, now)).toBe(true);
    expect(agreementCurrent({ termsVersion: 1, expiresAt: null }, 2, now)).toBe(false);
    expect(agreementCurrent({ termsVersion: 2, expiresAt: new Date('2026-06-01T12:00:01Z') }, 2, now)).toBe(true);
    expect(agreementCurrent({ termsVersion: 2, expiresAt: now }, 2, now)).toBe(false);
    expect(agreementCurrent(null, 1, now)).toBe(false);
  });
  it('expire after the operator period, or never', () => {
    expect(agreementExpiry(now, null)).toBeNull();
    expect(agreementExpiry(now, 365)?.toISOString()).toBe('2027-06-01T12:00:00.000Z');
  });
  it('sort the five types into before and after purchase', () => {
    expect(['pre-purchase-waiver', 'pre-purchase-induction', 'enhanced-pre-waiver'].every(isPrePurchase)).toBe(true);
    expect(['post-purchase-waiver', 'post-purchase-induction'].every(isPostPurchase)).toBe(true);
    expect(isPrePurchase('post-purchase-waiver') || isPostPurchase('pre-purchase-waiver')).toBe(false);
  });
});

describe('restrictions still to meet', () => {
  it('each "all" one not met; the "any" ones unless one of them is met; each restriction once', () => {
    const r = (id: number, criteria: 'all' | 'any', met: boolean) => ({ id, type: 'pre-purchase-waiver', criteria, met });
    expect(unmetRestrictions([r(1, 'all', true), r(2, 'all', false)]).map((x) => x.id)).toEqual([2]);
    expect(unmetRestrictions([r(3, 'any', false), r(4, 'any', false)]).map((x) => x.id)).toEqual([3, 4]);
    expect(unmetRestrictions([r(3, 'any', false), r(4, 'any', true)])).toEqual([]);
    expect(unmetRestrictions([r(2, 'all', false), r(2, 'all', false)]).map((x) => x.id)).toEqual([2]);
  });
  it('is empty exactly when every "all" is met and one "any" (if there are any) is met', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.integer({ min: 1, max: 1000 }),
            type: fc.constant('x'),
            criteria: fc.constantFrom('all' as const, 'any' as const),
            met: fc.boolean(),
          }),
        ),
        (list) => {
          const seen = new Set<number>();
          const unique = list.filter((x) => !seen.has(x.id) && seen.add(x.id));
          const any = unique.filter((x) => x.criteria === 'any');
          const ok = unique.filter((x) => x.criteria === 'all').every((x) => x.met) && (any.length === 0 || any.some((x) => x.met));
          expect(unmetRestrictions(list).length === 0).toBe(ok);
        },
      ),
    );
  });
});

describe('meeting a restriction for a session', () => {
  const at = new Date('2026-06-10T10:00:00Z');
  const base = { agreed: false, done: false, inductionEndsAt: null };
  it('a waiver by a current agreement; an enhanced waiver never (agreed with each booking)', () => {
    expect(restrictionMet({ ...base, type: 'pre-purchase-waiver', agreed: true }, at)).toBe(true);
    expect(restrictionMet({ ...base, type: 'pre-purchase-waiver' }, at)).toBe(false);
    expect(restrictionMet({ ...base, type: 'enhanced-pre-waiver', agreed: true }, at)).toBe(false);
  });
  it('an induction when done in person, or booked for a time that ends before this session starts', () => {
    expect(restrictionMet({ ...base, type: 'pre-purchase-induction', done: true }, at)).toBe(true);
    expect(restrictionMet({ ...base, type: 'pre-purchase-induction', inductionEndsAt: new Date('2026-06-10T09:00:00Z') }, at)).toBe(true);
    expect(restrictionMet({ ...base, type: 'pre-purchase-induction', inductionEndsAt: at }, at)).toBe(true);
    expect(restrictionMet({ ...base, type: 'pre-purchase-induction', inductionEndsAt: new Date('2026-06-11T09:00:00Z') }, at)).toBe(false);
    expect(restrictionMet({ ...base, type: 'pre-purchase-induction' }, at)).toBe(false);
  });
});
