import { describe, expect, it } from 'vitest';
import { dateFormats, dayBounds, dayjs, localParts, sessionDayText, todayIn, toZonedDateTime, zonedInstant } from './dates';

describe('toZonedDateTime', () => {
  it('gives every form of an instant in London, winter and summer', () => {
    expect(toZonedDateTime(new Date('2026-11-23T18:30:00Z'), 'Europe/London')).toEqual({
      utc: '2026-11-23T18:30:00.000Z',
      local: '2026-11-23T18:30:00+00:00',
      timezone: 'Europe/London',
      text: '2026-11-23 18:30:00',
      format_24_hour: '18:30',
    });
    expect(toZonedDateTime(new Date('2026-06-01T05:45:00Z'), 'Europe/London')).toMatchObject({
      local: '2026-06-01T06:45:00+01:00',
      format_24_hour: '06:45',
    });
  });

  it('agrees with dayjs across zones and a year of instants', () => {
    for (const tz of ['Europe/London', 'America/New_York', 'Asia/Kolkata']) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * 3_600_000 + 13 * 60_000) {
        const at = new Date(t);
        expect(toZonedDateTime(at, tz).local).toBe(dayjs(at).tz(tz).format('YYYY-MM-DDTHH:mm:ssZ'));
      }
    }
  });

  it('names the local weekday', () => {
    expect(localParts(new Date('2026-11-22T23:30:00Z'), 'Europe/London').weekday).toBe('Sunday');
    expect(localParts(new Date('2026-11-22T23:30:00Z'), 'Asia/Kolkata').weekday).toBe('Monday');
  });
});

describe('sessionDayText', () => {
  it('writes the local day as sessionDay does', () => {
    expect(sessionDayText(new Date('2026-11-22T23:30:00Z'), 'Europe/London')).toBe('Sun, 22 Nov 2026');
    expect(sessionDayText(new Date('2026-11-22T23:30:00Z'), 'Asia/Kolkata')).toBe('Mon, 23 Nov 2026');
  });

  it('agrees with dayjs (and its 24-hour time with toZonedDateTime) across zones, clock changes and a year', () => {
    for (const tz of ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney']) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 11 * 3_600_000 + 7 * 60_000) {
        const at = new Date(t);
        const theirs = dayjs(at).tz(tz);
        expect(sessionDayText(at, tz)).toBe(theirs.format(dateFormats.sessionDay));
        expect(toZonedDateTime(at, tz).format_24_hour).toBe(theirs.format(dateFormats.time24));
      }
    }
  });
});

describe('days in a timezone', () => {
  it('bounds a London day, including the short and the long day of the clock changes', () => {
    expect(dayBounds('2026-11-23', 'Europe/London')).toEqual({
      start: new Date('2026-11-23T00:00:00Z'),
      end: new Date('2026-11-24T00:00:00Z'),
    });
    expect(dayBounds('2026-06-01', 'Europe/London').start).toEqual(new Date('2026-05-31T23:00:00Z'));
    const spring = dayBounds('2026-03-29', 'Europe/London');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const autumn = dayBounds('2026-10-25', 'Europe/London');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
  });

  it('agrees with dayjs on wall-clock instants', () => {
    for (const [day, h] of [
      ['2026-03-29', 9],
      ['2026-10-25', 1],
      ['2026-07-04', 18],
    ] as const) {
      expect(zonedInstant(day, h, 30, 'Europe/London').toISOString()).toBe(
        dayjs.tz(`${day} ${h}:30`, 'YYYY-MM-DD H:mm', 'Europe/London').toISOString(),
      );
    }
  });

  it("knows today's date in a zone", () => {
    expect(todayIn('Europe/London', new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-22');
    expect(todayIn('Asia/Kolkata', new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
  });
});
