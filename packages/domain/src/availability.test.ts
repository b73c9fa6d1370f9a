import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availablePlaces, isLowAvailability } from './availability';

describe('isLowAvailability', () => {
  it('warns at 20% of maximum, rounded down', () => {
    expect(isLowAvailability(2, 10)).toBe(true);
    expect(isLowAvailability(3, 10)).toBe(false);
    // 20% of 12 is 2.4, rounded down to 2
    expect(isLowAvailability(2, 12)).toBe(true);
    expect(isLowAvailability(3, 12)).toBe(false);
    // 20% of 4 rounds down to 0: a small session never shows the warning, only sold out
    expect(isLowAvailability(1, 4)).toBe(false);
  });

  it('never warns for a sold-out session', () => {
    expect(isLowAvailability(0, 10)).toBe(false);
  });

  it('warns only within a fifth of the maximum, and for every smaller non-zero count too', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), (max, avail) => {
        const available = Math.min(avail, max);
        if (isLowAvailability(available, max)) {
          expect(available * 5).toBeLessThanOrEqual(max);
          expect(isLowAvailability(Math.max(1, available - 1), max)).toBe(true);
        } else {
          expect(available * 5 > max || available * 5 > max - (max % 5)).toBe(true);
        }
      }),
    );
  });
});

describe('availablePlaces', () => {
  it('is never negative', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (max, consumed) => {
        expect(availablePlaces(max, consumed)).toBeGreaterThanOrEqual(0);
      }),
    );
    expect(availablePlaces(5, 7)).toBe(0);
    expect(availablePlaces(5, 2)).toBe(3);
  });
});
