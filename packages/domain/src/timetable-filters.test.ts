import { describe, expect, it } from 'vitest';
import { type FilterableSlot, filterSlots } from './fast-ticket-filter';
import { defaultActionsToShow, emptyFilters, filterChoices, isFiltered, toSlotFilters } from './timetable-filters';

const slot = (over: Partial<FilterableSlot>): FilterableSlot => ({
  startsAt: '07:00',
  endsAt: '07:45',
  actionStatus: 'book',
  instructorIds: [1],
  tags: ['Cardio'],
  ...over,
});

describe('timetable filter defaults', () => {
  it('show all actions for classes and fast tickets, and only bookable slots for ad hoc', () => {
    expect(defaultActionsToShow('classes')).toBe('all');
    expect(defaultActionsToShow('fastTickets')).toBe('all');
    expect(defaultActionsToShow('adHoc')).toBe('bookable');
  });

  it('let every class through by default and keep only bookable court slots', () => {
    const day = [slot({}), slot({ actionStatus: 'join_waitlist' }), slot({ actionStatus: null })];
    expect(filterSlots(day, toSlotFilters('classes', emptyFilters('classes')))).toHaveLength(3);
    expect(filterSlots(day, toSlotFilters('adHoc', emptyFilters('adHoc')))).toEqual([day[0]]);
  });
});

describe('toSlotFilters', () => {
  it('maps an action group to its actions', () => {
    const f = toSlotFilters('classes', { ...emptyFilters('classes'), actionsToShow: 'mine' });
    expect(f).toEqual({ actionsToShow: 'some', actions: ['cancel_booking', 'cancel_reservation', 'leave_waitlist'] });
  });

  it('uses instructors and tags only for classes', () => {
    const state = { ...emptyFilters('fastTickets'), instructorIds: [2], tags: ['Family'], startTime: '12:00' };
    expect(toSlotFilters('fastTickets', state)).toEqual({ actionsToShow: 'all', startTime: '12:00' });
    expect(toSlotFilters('classes', state)).toEqual({ actionsToShow: 'all', startTime: '12:00', instructorIds: [2], tags: ['Family'] });
  });
});

describe('isFiltered', () => {
  it('is false at the default and true after any change', () => {
    expect(isFiltered('adHoc', emptyFilters('adHoc'))).toBe(false);
    expect(isFiltered('adHoc', { ...emptyFilters('adHoc'), actionsToShow: 'all' })).toBe(true);
    expect(isFiltered('classes', { ...emptyFilters('classes'), tags: ['Cardio'] })).toBe(true);
  });
});

describe('filterChoices', () => {
  it('offers the distinct times, instructors by name and tags of the day', () => {
    const choices = filterChoices([
      { startsAt: '18:30', endsAt: '19:15', instructors: [{ id: 2, name: 'Jo Williams' }], tags: ['Cardio', 'All levels'] },
      { startsAt: '07:00', endsAt: '07:45', instructors: [{ id: 1, name: 'Sam Patel' }], tags: ['Cardio'] },
      { startsAt: '07:00', endsAt: '08:00', instructors: [{ id: 2, name: 'Jo Williams' }], tags: [] },
    ]);
    expect(choices).toEqual({
      startTimes: ['07:00', '18:30'],
      endTimes: ['07:45', '08:00', '19:15'],
      instructors: [
        { id: 2, name: 'Jo Williams' },
        { id: 1, name: 'Sam Patel' },
      ],
      tags: ['All levels', 'Cardio'],
    });
  });
});
