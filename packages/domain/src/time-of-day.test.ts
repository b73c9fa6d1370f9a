import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMinutesOfDay, LAST_MINUTE_OF_DAY, minutesOfDay } from './time-of-day';

describe('time of day formatting (doc 1: 12 h or 24 h, capped at 1439 minutes)', () => {
  it('writes 24-hour and 12-hour times', () => {
    expect(formatMinutesOfDay(0)).toBe('00:00');
    expect(formatMinutesOfDay(0, '12h')).toBe('12:00am');
    expect(formatMinutesOfDay(9 * 60 + 5, '24h')).toBe('09:05');
    expect(formatMinutesOfDay(9 * 60 + 5, '12h')).toBe('9:05am');
    expect(formatMinutesOfDay(12 * 60, '12h')).toBe('12:00pm');
    expect(formatMinutesOfDay(18 * 60 + 30, '12h')).toBe('6:30pm');
    expect(formatMinutesOfDay(LAST_MINUTE_OF_DAY)).toBe('23:59');
    expect(formatMinutesOfDay(LAST_MINUTE_OF_DAY, '12h')).toBe('11:59pm');
  });

  it('caps at 1439 minutes and never goes below midnight', () => {
    fc.assert(
      fc.property(fc.integer({ min: LAST_MINUTE_OF_DAY, max: 10_000_000 }), (n) => {
        expect(formatMinutesOfDay(n)).toBe('23:59');
        expect(formatMinutesOfDay(n, '12h')).toBe('11:59pm');
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 0 }), (n) => {
        expect(formatMinutesOfDay(n)).toBe('00:00');
      }),
    );
    expect(formatMinutesOfDay(Number.NaN)).toBe('00:00');
  });

  it('reads back every minute of the day it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: LAST_MINUTE_OF_DAY }), (n) => {
        expect(minutesOfDay(formatMinutesOfDay(n, '24h'))).toBe(n);
        expect(formatMinutesOfDay(n, '12h')).toMatch(/^(1[0-2]|[1-9]):[0-5]\d(am|pm)$/);
      }),
    );
    expect(minutesOfDay('24:00')).toBeNull();
  });
});
