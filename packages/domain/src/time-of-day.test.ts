import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterSlots } from './fast-ticket-filter';
import { endWithinDay, formatMinutesOfDay, LAST_MINUTE_OF_DAY, minutesOfDay } from './time-of-day';
import { filterChoices } from './timetable-filters';

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

describe('a session that runs to midnight, in the time filters', () => {
  it('ends at 23:59 of its day, the 1439-minute cap, not at 00:00', () => {
    expect(endWithinDay('23:00', '00:00')).toBe('23:59');
    expect(endWithinDay('22:30', '00:15')).toBe('23:59');
    expect(endWithinDay('18:30', '19:15')).toBe('19:15');
  });

  it("is kept out by an 'ends by 23:30' filter and listed last among the end times", () => {
    const slot = (startsAt: string, endsAt: string) => ({
      startsAt,
      endsAt: endWithinDay(startsAt, endsAt),
      actionStatus: 'book',
      instructorIds: [],
      tags: [],
      instructors: [],
    });
    const late = slot('23:00', '00:00');
    const evening = slot('18:30', '19:15');
    expect(filterSlots([evening, late], { endTime: '23:30', actionsToShow: 'all' })).toEqual([evening]);
    expect(filterChoices([late, evening]).endTimes).toEqual(['19:15', '23:59']);
  });

  it('never ends before it starts, whatever the two times', () => {
    const hhmm = fc.integer({ min: 0, max: LAST_MINUTE_OF_DAY }).map((m) => formatMinutesOfDay(m));
    fc.assert(
      fc.property(hhmm, hhmm, (start, end) => {
        expect(endWithinDay(start, end) >= start || endWithinDay(start, end) === '23:59').toBe(true);
        expect(endWithinDay(start, end) > start || start === '23:59').toBe(true);
      }),
    );
  });
});
