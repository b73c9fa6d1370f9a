import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { campRestPrice, extrasTotal, type ProgrammeForSale, quoteBundle, splitEvenly } from './bundle-price';

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9));
const sessions = [1, 2, 3, 4].map((n) => ({ id: `o${n}`, startsAt: day(n + 10) }));
const course: ProgrammeForSale = {
  kind: 'courses',
  price: 4000,
  individualPrice: null,
  availability: [],
  allowBookAfterStart: true,
  sessions,
};
const camp: ProgrammeForSale = {
  kind: 'camps',
  price: 10000,
  individualPrice: 3000,
  availability: ['bundled', 'individual'],
  allowBookAfterStart: false,
  sessions,
};

describe('course bundles', () => {
  it('hold every session at the full price before the start', () => {
    expect(quoteBundle(course, {}, day(1))).toEqual({ ok: true, sessionIds: ['o1', 'o2', 'o3', 'o4'], price: 4000 });
  });
  it('hold the sessions still to come at the pro-rata price once started, when late joining is allowed', () => {
    expect(quoteBundle(course, {}, day(12))).toEqual({ ok: true, sessionIds: ['o3', 'o4'], price: 2000 });
    expect(quoteBundle({ ...course, allowBookAfterStart: false }, {}, day(12))).toEqual({ ok: false, reason: 'started' });
    expect(quoteBundle(course, {}, day(30))).toEqual({ ok: false, reason: 'started' });
  });
});

describe('camp bundles', () => {
  it('sell the whole camp at its price before it starts', () => {
    expect(quoteBundle(camp, { bookingFullCamp: true }, day(1))).toMatchObject({ ok: true, price: 10000 });
    expect(quoteBundle(camp, { bookingFullCamp: true }, day(12))).toEqual({ ok: false, reason: 'started' });
    expect(quoteBundle({ ...camp, availability: ['individual'] }, { bookingFullCamp: true }, day(1))).toEqual({
      ok: false,
      reason: 'bundled_not_offered',
    });
  });
  it('sell chosen upcoming sessions at the individual price each', () => {
    expect(quoteBundle(camp, { bookingFullCamp: false, campOccurrenceIds: ['o4', 'o2'] }, day(1))).toEqual({
      ok: true,
      sessionIds: ['o2', 'o4'],
      price: 6000,
    });
    expect(quoteBundle(camp, { bookingFullCamp: false, campOccurrenceIds: ['o1'] }, day(12))).toEqual({
      ok: false,
      reason: 'session_unknown',
    });
    expect(quoteBundle(camp, { bookingFullCamp: false, campOccurrenceIds: ['nope'] }, day(1))).toEqual({
      ok: false,
      reason: 'session_unknown',
    });
    expect(quoteBundle({ ...camp, availability: ['bundled'] }, { bookingFullCamp: false, campOccurrenceIds: ['o1'] }, day(1))).toEqual({
      ok: false,
      reason: 'individual_not_offered',
    });
  });
  it('sell the rest of the camp as the full camp to someone who booked some of it: the camp price less what they paid, capped', () => {
    const held = [
      { id: 'o1', price: 3000 },
      { id: 'o2', price: 3000 },
    ];
    // 10000 - 6000 = 4000 for the last two sessions, under 2 x 3000 bought one by one.
    expect(quoteBundle(camp, { bookingFullCamp: true, held }, day(1))).toEqual({ ok: true, sessionIds: ['o3', 'o4'], price: 4000 });
    // Never more than the remaining sessions bought individually, never below nothing.
    expect(campRestPrice(10000, 1000, 3000, 1)).toBe(3000);
    expect(campRestPrice(10000, 12000, 3000, 1)).toBe(0);
    expect(campRestPrice(10000, 1000, null, 1)).toBe(9000);
    const all = ['o1', 'o2', 'o3', 'o4'].map((id) => ({ id, price: 2500 }));
    expect(quoteBundle(camp, { bookingFullCamp: true, held: all }, day(1))).toEqual({ ok: false, reason: 'already_booked' });
    expect(quoteBundle(camp, { bookingFullCamp: true, held }, day(12))).toEqual({ ok: false, reason: 'started' });
  });
  it('over any booked part, the rest never costs more than the camp price less what was paid, nor than buying it by the day', () => {
    fc.assert(
      fc.property(fc.subarray(['o1', 'o2', 'o3', 'o4']), fc.integer({ min: 0, max: 5000 }), (ids, each) => {
        const held = ids.map((id) => ({ id, price: each }));
        const q = quoteBundle(camp, { bookingFullCamp: true, held }, day(1));
        if (ids.length === 4) {
          expect(q).toEqual({ ok: false, reason: 'already_booked' });
          return;
        }
        if (!q.ok) throw new Error('refused');
        const rest = 4 - ids.length;
        expect(q.sessionIds).toHaveLength(rest);
        expect(q.price).toBeLessThanOrEqual(3000 * rest);
        expect(q.price).toBeLessThanOrEqual(Math.max(0, 10000 - each * ids.length));
        expect(q.price).toBeGreaterThanOrEqual(0);
      }),
    );
  });
  it('adds extras at price times quantity', () => {
    expect(
      extrasTotal([
        { price: 450, quantity: 2 },
        { price: 100, quantity: 0 },
      ]),
    ).toBe(900);
  });
});

describe('a bundle price shared over its sessions', () => {
  it('adds up to the whole: the rest of the camp (£114.00) over 7 days', () => {
    const parts = splitEvenly(11_400, 7);
    expect(parts).toEqual([1629, 1629, 1629, 1629, 1628, 1628, 1628]);
    expect(parts.reduce((n, p) => n + p, 0)).toBe(11_400);
  });
  it('for any price and number of sessions, the parts add up to the whole and differ by at most a penny, the larger first', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 400 }), (total, n) => {
        const parts = splitEvenly(total, n);
        expect(parts).toHaveLength(n);
        expect(parts.reduce((sum, p) => sum + p, 0)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        expect(parts.every((p, i) => i === 0 || p <= (parts[i - 1] as number))).toBe(true);
        expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
      }),
    );
  });
  it('has no parts for no sessions', () => {
    expect(splitEvenly(500, 0)).toEqual([]);
  });
});
