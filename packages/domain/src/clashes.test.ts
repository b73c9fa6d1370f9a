import { describe, expect, it } from 'vitest';
import { type ClashCandidate, detectClashes } from './clashes';

const tz = 'Europe/London';
const jo = { id: 1, name: 'Jo Williams' };
const studio = { id: 10, name: 'Studio 1' };
const court = { id: 11, name: 'Court 1' };
const at = (hhmm: string) => new Date(`2026-11-23T${hhmm}:00Z`); // a Monday, GMT
const session = (over: Partial<ClashCandidate>): ClashCandidate => ({
  id: 'a',
  startsAt: at('18:00'),
  endsAt: at('18:45'),
  setupMinutes: 0,
  teardownMinutes: 0,
  recurrenceId: 1,
  instructors: [jo],
  locations: [studio],
  bookingStrategy: 'sequential',
  ...over,
});
const open = [{ day: 'Monday', opens: '06:30', closes: '22:00' }];

describe('detectClashes', () => {
  it('finds nothing for a session alone inside opening hours', () => {
    expect(detectClashes(session({}), [], open, [], tz)).toEqual([]);
  });

  it('finds an instructor teaching two overlapping sessions, with the other session', () => {
    const other = session({ id: 'b', startsAt: at('18:30'), endsAt: at('19:15'), recurrenceId: 2, locations: [court] });
    const [clash] = detectClashes(session({}), [other], open, [], tz);
    expect(clash).toEqual({
      type: 'instructors',
      message: 'Jo Williams is already teaching at this time',
      starts_at: other.startsAt.toISOString(),
      ends_at: other.endsAt.toISOString(),
      recurrence_id: 2,
      instructors: [jo],
    });
  });

  it('finds a location used twice, counting setup and teardown, unless both sessions overlap by design', () => {
    const next = session({ id: 'b', startsAt: at('18:50'), endsAt: at('19:30'), instructors: [] });
    expect(detectClashes(session({}), [next], open, [], tz)).toEqual([]);
    const withTeardown = session({ teardownMinutes: 10 });
    expect(detectClashes(withTeardown, [next], open, [], tz).map((c) => c.type)).toEqual(['locations']);
    const lanes = (s: ClashCandidate): ClashCandidate => ({ ...s, bookingStrategy: 'overlapping', instructors: [] });
    expect(detectClashes(lanes(session({})), [lanes(session({ id: 'b' }))], open, [], tz)).toEqual([]);
  });

  it('ignores sessions that only touch end to start', () => {
    const after = session({ id: 'b', startsAt: at('18:45'), endsAt: at('19:30') });
    expect(detectClashes(session({}), [after], open, [], tz)).toEqual([]);
  });

  it('flags a session outside the venue opening hours or on a day it is shut', () => {
    expect(detectClashes(session({ startsAt: at('06:00'), endsAt: at('06:45') }), [], open, [], tz).map((c) => c.type)).toEqual([
      'opening_times',
    ]);
    expect(detectClashes(session({ startsAt: at('21:30'), endsAt: at('22:15') }), [], open, [], tz)[0]?.message).toBe(
      'The venue is closed at this time',
    );
    expect(detectClashes(session({}), [], [{ day: 'Tuesday', opens: '06:30', closes: '22:00' }], [], tz)).toHaveLength(1);
  });

  it('reads opening hours in local time across the clock change', () => {
    // 2026-06-01 is a Monday in BST: 05:45Z is 06:45 local, inside 06:30-22:00.
    const summer = session({ startsAt: new Date('2026-06-01T05:45:00Z'), endsAt: new Date('2026-06-01T06:30:00Z') });
    expect(detectClashes(summer, [], open, [], tz)).toEqual([]);
  });

  it('flags a closure of one of its locations', () => {
    const closure = { id: 7, locationIds: [studio.id], startsAt: at('17:00'), endsAt: at('20:00'), reason: 'Floor repairs' };
    expect(detectClashes(session({}), [], open, [closure], tz)).toEqual([
      { type: 'closure', message: 'Studio 1 is closed: Floor repairs', closure_id: 7, location_ids: [studio.id] },
    ]);
    expect(detectClashes(session({ locations: [court] }), [], open, [closure], tz)).toEqual([]);
  });
});
