import { localParts } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CancellationPolicy,
  cutOffAt,
  decideCancellation,
  type RefundableTenders,
  refundStatusOf,
  resolvePolicy,
  splitRefund,
} from './cancellation-policy';

const tz = 'Europe/London';
const H = 3_600_000;
const northfield: CancellationPolicy = {
  cutOffMinutes: 1440,
  cutOffActions: ['disable_cancelling'],
  feeAmount: 0,
  outcome: 'general_credit',
};
const riverside: CancellationPolicy = { cutOffMinutes: 720, cutOffActions: ['charge_fee'], feeAmount: 200, outcome: 'refund' };
const strikes: CancellationPolicy = { cutOffMinutes: 120, cutOffActions: ['disable_booking'], feeAmount: 0, outcome: 'membership_credit' };
const facts = (startsAt: Date, price = 650) => ({ status: 'settled' as const, startsAt, price, currency: 'GBP', timeZone: tz });

// The clock-change weekends of 2026 in London: forward on Sunday 29 March, back on Sunday 25 October.
const springSunday = new Date('2026-03-29T09:00:00Z'); // 10:00 BST
const autumnSunday = new Date('2026-10-25T10:00:00Z'); // 10:00 GMT
/** Whether some instant shows this wall-clock minute in London (an hour of each spring-forward night does not). */
function wallTimeExists(year: number, month: number, day: number, hour: number, minute: number): boolean {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  return [0, 60].some((offset) => {
    const p = localParts(new Date(asUtc - offset * 60_000), tz);
    return p.year === year && p.month === month && p.day === day && p.hour === hour && p.minute === minute;
  });
}

/** Sessions around (and well away from) the clock changes, at any minute of the day. */
const starts = fc
  .tuple(
    fc.constantFrom(
      springSunday,
      autumnSunday,
      new Date('2026-03-30T09:00:00Z'),
      new Date('2026-10-26T10:00:00Z'),
      new Date('2026-06-10T09:00:00Z'),
    ),
    fc.integer({ min: -36 * 60, max: 36 * 60 }),
  )
  .map(([d, m]) => new Date(d.getTime() + m * 60_000));

describe('cut-off', () => {
  it('a cut-off in days falls at the same wall-clock time that many days before, across the clock changes', () => {
    expect(cutOffAt(northfield, springSunday, tz)?.toISOString()).toBe('2026-03-28T10:00:00.000Z'); // Sat 10:00 GMT: 23 h before
    expect(cutOffAt(northfield, autumnSunday, tz)?.toISOString()).toBe('2026-10-24T09:00:00.000Z'); // Sat 10:00 BST: 25 h before
    // The case that once failed at random: a session at 01:59 on the Monday after the clocks went forward.
    const mondayNight = new Date('2026-03-30T00:59:00.000Z');
    expect(localParts(cutOffAt(northfield, mondayNight, tz) as Date, tz).day).toBe(29);
    fc.assert(
      fc.property(starts, fc.integer({ min: 1, max: 3 }), (start, days) => {
        const cut = cutOffAt({ ...northfield, cutOffMinutes: days * 1440 }, start, tz) as Date;
        const a = localParts(start, tz);
        const b = localParts(cut, tz);
        const gap = start.getTime() - cut.getTime();
        // Within an hour of the elapsed length, and on the wall clock the same minute unless that minute did not exist
        // that day (01:59 on the Sunday the clocks go forward: a session at 01:59 on the Monday is the case).
        expect(Math.abs(gap - days * 24 * H)).toBeLessThanOrEqual(H);
        if (a.offset === b.offset && wallTimeExists(b.year, b.month, b.day, a.hour, a.minute)) {
          expect([b.hour, b.minute]).toEqual([a.hour, a.minute]);
        }
      }),
    );
  });

  it('a cut-off in hours is elapsed time', () => {
    fc.assert(
      fc.property(starts, fc.integer({ min: 1, max: 2000 }), (start, minutes) => {
        fc.pre(minutes % 1440 !== 0);
        expect(cutOffAt({ ...riverside, cutOffMinutes: minutes }, start, tz)?.getTime()).toBe(start.getTime() - minutes * 60_000);
      }),
    );
  });

  it('no cut-off: cancelling is free until the start, and the money goes by the outcome', () => {
    const d = decideCancellation(
      { ...riverside, cutOffMinutes: 0 },
      facts(springSunday),
      'my-account',
      new Date(springSunday.getTime() - 1000),
    );
    expect(d).toMatchObject({ canCancel: true, inside: false, fee: 0, amountBack: 650, cutOff: null, cutOffMessage: null });
  });
});

describe('decideCancellation around the cut-off (any time, any session, London time)', () => {
  const around = fc.tuple(starts, fc.integer({ min: -30 * 60, max: 30 * 60 }));

  it('disable_cancelling: a customer can cancel exactly until the cut-off, and gets credit', () => {
    fc.assert(
      fc.property(around, ([start, offset]) => {
        const cut = cutOffAt(northfield, start, tz) as Date;
        const now = new Date(cut.getTime() + offset * 60_000);
        const d = decideCancellation(northfield, facts(start), 'my-account', now);
        const before = now < cut;
        expect(d.canCancel).toBe(before);
        expect(d.inside).toBe(!before);
        if (before) expect(d.awardsCreditMessage).toBe('Cancel and receive £6.50 credit');
        else
          expect(d.cannotCancelReason).toBe(
            now < start ? 'Bookings cannot be cancelled less than 24 hours before the start.' : 'This booking has already started.',
          );
        // Staff at the desk may still cancel inside the cut-off (until the start).
        expect(decideCancellation(northfield, facts(start), 'foh', now).canCancel).toBe(now < start);
      }),
    );
  });

  it('charge_fee: free outside the cut-off, the fee withheld inside it, never below nothing', () => {
    fc.assert(
      fc.property(around, fc.integer({ min: 0, max: 5000 }), ([start, offset], price) => {
        const cut = cutOffAt(riverside, start, tz) as Date;
        const now = new Date(cut.getTime() + offset * 60_000);
        const d = decideCancellation(riverside, facts(start, price), 'my-account', now);
        const inside = now >= cut;
        expect(d.canCancel).toBe(now < start);
        expect(d.fee).toBe(inside ? 200 : 0);
        expect(d.amountBack).toBe(inside ? Math.max(0, price - 200) : price);
        expect(d.amountBack + d.fee - d.feeOwed).toBe(inside ? Math.max(price, 0) : price);
        if (inside) expect(d.cutOffMessage).toBe('Cancelling now costs £2.00');
        else expect(d.cutOffMessage).toMatch(/^Cancel before .* to avoid a £2.00 fee$/);
        expect(d.awardsCredit).toBe(false);
      }),
    );
  });

  it('a strike is recorded inside the cut-off only, and cancelling stays allowed', () => {
    fc.assert(
      fc.property(around, ([start, offset]) => {
        const cut = cutOffAt(strikes, start, tz) as Date;
        const now = new Date(cut.getTime() + offset * 60_000);
        const d = decideCancellation(strikes, facts(start), 'customers', now);
        expect(d.strike).toBe(now >= cut);
        expect(d.canCancel).toBe(now < start);
        expect(d.awardsCredit).toBe(true);
      }),
    );
  });

  it('the venue cancelling: never a fee or a strike, always money back, even after the start or with no outcome', () => {
    fc.assert(
      fc.property(
        around,
        fc.constantFrom(northfield, riverside, strikes, { ...riverside, outcome: 'none' as const }),
        ([start, offset], policy) => {
          const now = new Date(start.getTime() + offset * 60_000);
          const d = decideCancellation(policy, facts(start), 'occurrence', now);
          expect(d).toMatchObject({ canCancel: true, fee: 0, strike: false, actions: [], amountBack: 650, feeOwed: 0 });
          expect(d.outcome).toBe(policy.outcome === 'none' ? 'refund' : policy.outcome);
        },
      ),
    );
  });

  it('only a paid booking can be cancelled', () => {
    for (const status of ['reserved', 'cancelled'] as const) {
      const d = decideCancellation(riverside, { ...facts(springSunday), status }, 'my-account', new Date('2026-01-01'));
      expect(d).toMatchObject({ canCancel: false, cannotCancelReason: 'Only paid bookings can be changed.' });
    }
  });

  it('with outcome none inside a fee cut-off, the whole fee is owed', () => {
    const d = decideCancellation({ ...riverside, outcome: 'none' }, facts(springSunday), 'my-account', springSunday);
    expect(d).toMatchObject({ canCancel: false, cannotCancelReason: 'This booking has already started.' });
    const inside = decideCancellation(
      { ...riverside, outcome: 'none' },
      facts(springSunday),
      'my-account',
      new Date(springSunday.getTime() - H),
    );
    expect(inside).toMatchObject({ canCancel: true, amountBack: 0, fee: 200, feeOwed: 200 });
  });
});

describe('resolvePolicy', () => {
  it('the schedule overrides the category, which overrides the client; the default gives nothing back', () => {
    expect(resolvePolicy({ client: northfield, category: riverside, schedule: strikes })).toBe(strikes);
    expect(resolvePolicy({ client: northfield, category: riverside, schedule: null })).toBe(riverside);
    expect(resolvePolicy({ client: northfield })).toBe(northfield);
    expect(resolvePolicy({})).toMatchObject({ cutOffMinutes: 0, outcome: 'none' });
  });
});

describe('splitRefund across card and credit tenders', () => {
  const tenders = fc.record({
    card: fc.nat(20_000),
    membershipCredit: fc.nat(20_000),
    generalCredit: fc.nat(20_000),
    offSystem: fc.nat(5_000),
  });
  const sum = (s: RefundableTenders) => s.card + s.membershipCredit + s.generalCredit + s.offSystem;

  it('gives back min(amount, what is left), never more than any tender has left', () => {
    fc.assert(
      fc.property(tenders, fc.nat(60_000), (left, amount) => {
        const s = splitRefund(amount, left, 'refund');
        expect(sum(s)).toBe(Math.min(amount, sum(left)));
        for (const k of ['card', 'membershipCredit', 'generalCredit', 'offSystem'] as const) {
          expect(s[k]).toBeGreaterThanOrEqual(0);
          expect(s[k]).toBeLessThanOrEqual(left[k]);
        }
      }),
    );
  });

  it('cancelling every booking of an order, in any order, returns each tender exactly', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 8 }),
        fc.nat(100),
        fc.nat(100),
        (prices, cardPct, credPct) => {
          const total = prices.reduce((n, p) => n + p, 0);
          const card = Math.floor((total * Math.min(cardPct, 100)) / 100);
          const general = Math.floor(((total - card) * Math.min(credPct, 100)) / 100);
          const paid: RefundableTenders = { card, generalCredit: general, membershipCredit: total - card - general, offSystem: 0 };
          const left = { ...paid };
          for (const price of prices) {
            const s = splitRefund(price, left, 'refund');
            expect(sum(s)).toBe(price);
            left.card -= s.card;
            left.generalCredit -= s.generalCredit;
            left.membershipCredit -= s.membershipCredit;
          }
          expect(left).toEqual({ card: 0, generalCredit: 0, membershipCredit: 0, offSystem: 0 });
        },
      ),
    );
  });

  it('splits in proportion: £10 paid £6 by card and £4 by general credit, half back is £3 and £2', () => {
    expect(splitRefund(500, { card: 600, generalCredit: 400, membershipCredit: 0, offSystem: 0 }, 'refund')).toEqual({
      card: 300,
      generalCredit: 200,
      membershipCredit: 0,
      offSystem: 0,
    });
  });

  it('a credit outcome gives the whole amount as that credit, whatever paid; none gives nothing', () => {
    const left = { card: 650, generalCredit: 0, membershipCredit: 0, offSystem: 0 };
    expect(splitRefund(650, left, 'general_credit')).toEqual({ card: 0, generalCredit: 650, membershipCredit: 0, offSystem: 0 });
    expect(splitRefund(650, left, 'membership_credit')).toMatchObject({ membershipCredit: 650 });
    expect(sum(splitRefund(650, left, 'none'))).toBe(0);
  });
});

describe('refundStatusOf', () => {
  it('none, partial, full, mixed and off-system', () => {
    expect(refundStatusOf(1300, { card: 0, credit: 0, offSystem: 0 })).toBeNull();
    expect(refundStatusOf(1300, { card: 650, credit: 0, offSystem: 0 })).toBe('partial');
    expect(refundStatusOf(1300, { card: 0, credit: 1300, offSystem: 0 })).toBe('full');
    expect(refundStatusOf(1300, { card: 650, credit: 650, offSystem: 0 })).toBe('mixed');
    expect(refundStatusOf(1300, { card: 650, credit: 0, offSystem: 650 })).toBe('off-system');
  });
});
