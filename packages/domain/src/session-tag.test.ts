import { describe, expect, it } from 'vitest';
import { actionMessages } from './bookable-action';
import { isSelectable, type SessionTagInput, sessionRowState, sessionTag } from './session-tag';

const now = new Date('2026-11-22T10:00:00Z');
const s = (over: Partial<SessionTagInput>): SessionTagInput => ({
  endsAt: new Date('2026-11-22T19:00:00Z'),
  now,
  bookableAction: { action: 'book', message: null },
  available: 8,
  lowAvailability: false,
  ...over,
});

describe('sessionTag follows document 2 priority', () => {
  it('shows Past session above everything', () => {
    expect(sessionTag(s({ endsAt: now, bookableAction: { action: 'cancel_booking', message: null } })).label).toBe('Past session');
  });
  it('then Booked, Reserved, On waitlist, Join waitlist', () => {
    expect(sessionTag(s({ bookableAction: { action: 'cancel_booking', message: null }, available: 0 })).label).toBe('Booked');
    expect(sessionTag(s({ bookableAction: { action: 'cancel_reservation', message: null } })).label).toBe('Reserved');
    expect(sessionTag(s({ bookableAction: { action: 'leave_waitlist', message: null } })).label).toBe('On waitlist');
    expect(sessionTag(s({ bookableAction: { action: 'join_waitlist', message: null }, available: 0 })).label).toBe('Join waitlist');
  });
  it('then Busy at this time, then the message itself', () => {
    expect(sessionTag(s({ bookableAction: { action: null, message: actionMessages.busy } })).label).toBe('Busy at this time');
    expect(sessionTag(s({ bookableAction: { action: null, message: actionMessages.closed } })).label).toBe(actionMessages.closed);
  });
  it('then Sold out, then N available with the low flag', () => {
    expect(sessionTag(s({ bookableAction: { action: null, message: actionMessages.soldOut }, available: 0 })).label).toBe('Sold out');
    expect(sessionTag(s({ available: 0 })).label).toBe('Sold out');
    expect(sessionTag(s({ available: 2, lowAvailability: true }))).toEqual({ kind: 'available', label: '2 available', low: true });
  });
  it('only lets bookable, future rows with places be selected', () => {
    expect(isSelectable(s({}))).toBe(true);
    expect(isSelectable(s({ available: 0 }))).toBe(false);
    expect(isSelectable(s({ endsAt: now }))).toBe(false);
    expect(isSelectable(s({ bookableAction: { action: 'cancel_booking', message: null } }))).toBe(false);
  });
});

describe('sessionRowState', () => {
  it('is selectable or selected when rows are picked one at a time', () => {
    expect(sessionRowState(s({}), 'select', false)).toBe('selectable');
    expect(sessionRowState(s({}), 'select', true)).toBe('selected');
  });
  it('is checkable or checked when several rows are picked at once', () => {
    expect(sessionRowState(s({}), 'check', false)).toBe('checkable');
    expect(sessionRowState(s({}), 'check', true)).toBe('checked');
  });
  it('is disabled when the session cannot be chosen: sold out, past, or any other action', () => {
    expect(sessionRowState(s({ available: 0, bookableAction: { action: null, message: 'Sold out' } }), 'select', true)).toBe('disabled');
    expect(sessionRowState(s({ endsAt: now }), 'check', false)).toBe('disabled');
    expect(sessionRowState(s({ bookableAction: { action: 'join_waitlist', message: null } }), 'select', false)).toBe('disabled');
  });
});
