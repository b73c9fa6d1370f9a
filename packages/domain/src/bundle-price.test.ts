import { describe, expect, it } from 'vitest';
import { extrasTotal, type ProgrammeForSale, quoteBundle } from './bundle-price';

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
  it('adds extras at price times quantity', () => {
    expect(
      extrasTotal([
        { price: 450, quantity: 2 },
        { price: 100, quantity: 0 },
      ]),
    ).toBe(900);
  });
});
