import { describe, expect, it } from 'vitest';
import { bookingHorizon, firstMarkedFrom, stripDays } from './week-strip';

describe('the week strip (issue 13, defect 5)', () => {
  it('shows the seven days from today, then the seven after them', () => {
    expect(stripDays('2026-11-24', '2026-11-24')).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
    expect(stripDays('2026-11-30', '2026-11-24')[0]).toBe('2026-11-24');
    expect(stripDays('2026-12-01', '2026-11-24')[0]).toBe('2026-12-01');
    expect(stripDays('2026-11-20', '2026-11-24')[0]).toBe('2026-11-24');
  });

  it('finds the first day with sessions from a day', () => {
    const marked = new Set(['2026-11-27', '2026-11-25', '2026-12-02']);
    expect(firstMarkedFrom(marked, '2026-11-24')).toBe('2026-11-25');
    expect(firstMarkedFrom(marked, '2026-11-26')).toBe('2026-11-27');
    expect(firstMarkedFrom(marked, '2026-12-03')).toBeNull();
  });

  it('says how many days ahead sessions are open, counting today', () => {
    expect(bookingHorizon(new Set(['2026-11-24', '2026-12-07']), '2026-11-24', 92)).toBe(14);
    expect(bookingHorizon(new Set(), '2026-11-24', 92)).toBeNull();
    expect(bookingHorizon(new Set(['2027-02-23']), '2026-11-24', 92)).toBeNull();
  });
});
