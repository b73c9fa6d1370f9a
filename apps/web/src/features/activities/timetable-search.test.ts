import { emptyFilters } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { readFilters, readLocation, writeFilters, writeLocation } from './timetable-search';

const query = (text: string) => new URLSearchParams(text);

describe('the timetable filters in the address', () => {
  it('reads every filter of the classes view', () => {
    expect(
      readFilters('classes', query('start=07:00&end=12:45&show=waitlist&instructor=2&instructor=3&tag=Cardio&tag=All levels')),
    ).toEqual({
      startTime: '07:00',
      endTime: '12:45',
      actionsToShow: 'waitlist',
      instructorIds: [2, 3],
      tags: ['Cardio', 'All levels'],
    });
  });

  it("reads nothing as the view's defaults", () => {
    expect(readFilters('classes', query(''))).toEqual(emptyFilters('classes'));
    expect(readFilters('adHoc', query(''))).toEqual(emptyFilters('adHoc'));
    expect(readFilters('adHoc', query('')).actionsToShow).toBe('bookable');
  });

  it('ignores what does not read, keeping the default for it', () => {
    expect(
      readFilters(
        'classes',
        query('start=25:00&end=7pm&show=everything&instructor=abc&instructor=-1&instructor=0&instructor=1.5&tag=&tag=%20'),
      ),
    ).toEqual(emptyFilters('classes'));
    expect(readFilters('classes', query('instructor=4&instructor=4&tag=Cardio&tag=Cardio'))).toMatchObject({
      instructorIds: [4],
      tags: ['Cardio'],
    });
  });

  it('reads instructors and tags for classes only, as only classes offer them', () => {
    expect(readFilters('fastTickets', query('instructor=2&tag=Cardio&show=mine'))).toEqual({
      ...emptyFilters('fastTickets'),
      actionsToShow: 'mine',
    });
  });

  it("writes only what differs from the view's default, and keeps the rest of the query", () => {
    const written = writeFilters(
      'classes',
      { startTime: '12:00', endTime: '', actionsToShow: 'all', instructorIds: [2, 3], tags: ['Cardio'] },
      query('location=5&start=07:00&tag=Old'),
    );
    expect(written.toString()).toBe('location=5&start=12%3A00&instructor=2&instructor=3&tag=Cardio');
    expect(writeFilters('classes', emptyFilters('classes'), query('show=mine&tag=Cardio')).toString()).toBe('');
    // 'all' is not the courts' default, so it is written for them; their default 'bookable' is not.
    expect(writeFilters('adHoc', { ...emptyFilters('adHoc'), actionsToShow: 'all' }, query('')).toString()).toBe('show=all');
    expect(writeFilters('adHoc', emptyFilters('adHoc'), query('show=all')).toString()).toBe('');
  });

  it('reads back what it writes', () => {
    const filters = {
      startTime: '07:00',
      endTime: '19:15',
      actionsToShow: 'bookable' as const,
      instructorIds: [1],
      tags: ['A & B', 'x=y'],
    };
    expect(readFilters('classes', query(writeFilters('classes', filters, query('')).toString()))).toEqual(filters);
  });

  it('reads and writes the chosen location, ignoring one that is not an id', () => {
    expect(readLocation(query('location=12'))).toBe(12);
    expect(readLocation(query('location=court-2'))).toBeNull();
    expect(readLocation(query('location=0'))).toBeNull();
    expect(readLocation(query(''))).toBeNull();
    expect(writeLocation(2, query('start=07:00')).toString()).toBe('start=07%3A00&location=2');
    expect(writeLocation(null, query('location=2&start=07:00')).toString()).toBe('start=07%3A00');
  });
});
