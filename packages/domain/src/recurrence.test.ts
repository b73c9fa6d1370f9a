import { describe, expect, it } from 'vitest';
import { expandWeekly } from './recurrence';

const tz = 'Europe/London';

describe('expandWeekly', () => {
  it('creates one session per chosen weekday between the dates', () => {
    // 2026-11-23 is a Monday
    const slots = expandWeekly(
      { weekdays: [1, 3], startTime: '18:00', durationMinutes: 45, startsOn: '2026-11-01', endsOn: null },
      '2026-11-23',
      '2026-11-29',
      tz,
    );
    expect(slots.map((x) => x.startsAt.toISOString())).toEqual(['2026-11-23T18:00:00.000Z', '2026-11-25T18:00:00.000Z']);
    expect(slots[0]?.endsAt.toISOString()).toBe('2026-11-23T18:45:00.000Z');
  });

  it('keeps the local time across a clock change', () => {
    const slots = expandWeekly(
      { weekdays: [6, 7], startTime: '09:00', durationMinutes: 60, startsOn: '2026-03-01', endsOn: null },
      '2026-03-28',
      '2026-03-29',
      tz,
    );
    // GMT on the Saturday, BST on the Sunday
    expect(slots.map((x) => x.startsAt.toISOString())).toEqual(['2026-03-28T09:00:00.000Z', '2026-03-29T08:00:00.000Z']);
  });

  it('respects the rule start and end dates', () => {
    const slots = expandWeekly(
      { weekdays: [1, 2, 3, 4, 5, 6, 7], startTime: '07:00', durationMinutes: 30, startsOn: '2026-11-24', endsOn: '2026-11-25' },
      '2026-11-20',
      '2026-11-30',
      tz,
    );
    expect(slots).toHaveLength(2);
  });
});
