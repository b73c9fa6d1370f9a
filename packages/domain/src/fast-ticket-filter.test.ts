import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FilterableSlot, filterSlots, type SlotFilters, slotMatches } from './fast-ticket-filter';

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const slot: fc.Arbitrary<FilterableSlot> = fc.record({
  startsAt: time,
  endsAt: time,
  actionStatus: fc.constantFrom('book', 'join_waitlist', 'cancel_booking', null),
  instructorIds: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 2 }),
  tags: fc.uniqueArray(fc.constantFrom('Cardio', 'Family', 'Beginners'), { maxLength: 2 }),
});
const filters: fc.Arbitrary<SlotFilters> = fc.record({
  startTime: fc.option(time, { nil: undefined }),
  endTime: fc.option(time, { nil: undefined }),
  actionsToShow: fc.constantFrom('all' as const, 'some' as const),
  actions: fc.option(fc.uniqueArray(fc.constantFrom('book', 'join_waitlist'), { maxLength: 2 }), { nil: undefined }),
  instructorIds: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 2 }), { nil: undefined }),
  tags: fc.option(fc.uniqueArray(fc.constantFrom('Cardio', 'Family', 'Beginners'), { maxLength: 2 }), { nil: undefined }),
});

describe('fast-ticket filters', () => {
  it('let everything through when empty', () => {
    fc.assert(
      fc.property(fc.array(slot), (slots) => {
        expect(filterSlots(slots, { actionsToShow: 'all' })).toEqual(slots);
      }),
    );
  });

  it('only ever remove slots, keeping order', () => {
    fc.assert(
      fc.property(fc.array(slot), filters, (slots, f) => {
        const kept = filterSlots(slots, f);
        expect(kept.length).toBeLessThanOrEqual(slots.length);
        expect(kept).toEqual(slots.filter((s) => kept.includes(s)));
      }),
    );
  });

  it('narrow when a filter is added (adding a constraint never adds a slot)', () => {
    fc.assert(
      fc.property(fc.array(slot), filters, time, (slots, f, start) => {
        const narrower = filterSlots(slots, { ...f, startTime: f.startTime && f.startTime > start ? f.startTime : start });
        for (const s of narrower) expect(slotMatches(s, f)).toBe(true);
      }),
    );
  });

  it('keeps a slot only inside the time window, with an allowed action, a chosen instructor and a chosen tag', () => {
    const s: FilterableSlot = { startsAt: '18:00', endsAt: '18:45', actionStatus: 'book', instructorIds: [2], tags: ['Cardio'] };
    expect(slotMatches(s, { actionsToShow: 'all', startTime: '17:00', endTime: '19:00' })).toBe(true);
    expect(slotMatches(s, { actionsToShow: 'all', startTime: '18:30' })).toBe(false);
    expect(slotMatches(s, { actionsToShow: 'all', endTime: '18:30' })).toBe(false);
    expect(slotMatches(s, { actionsToShow: 'some', actions: ['join_waitlist'] })).toBe(false);
    expect(slotMatches(s, { actionsToShow: 'all', actions: ['join_waitlist'] })).toBe(true);
    expect(slotMatches(s, { actionsToShow: 'all', instructorIds: [3] })).toBe(false);
    expect(slotMatches(s, { actionsToShow: 'all', instructorIds: [3, 2], tags: ['Family', 'Cardio'] })).toBe(true);
    expect(slotMatches(s, { actionsToShow: 'all', tags: ['Family'] })).toBe(false);
  });
});
