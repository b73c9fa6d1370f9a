import { describe, expect, it } from 'vitest';
import { actionMessages, type BookableContext, bookableAction } from './bookable-action';

const now = new Date('2026-11-22T10:00:00Z');
const base: BookableContext = {
  status: 'bookable',
  startsAt: new Date('2026-11-22T18:00:00Z'),
  lastBookableAt: null,
  available: 5,
  customerBooking: null,
  onWaitlist: false,
  waitlistAvailable: null,
  customerBusy: false,
  now,
};

describe('bookableAction', () => {
  it('offers book for an open session with places', () => {
    expect(bookableAction(base)).toEqual({ action: 'book', message: null });
  });

  it('offers to cancel what the customer already holds, before anything else', () => {
    expect(bookableAction({ ...base, customerBooking: 'settled', available: 0 }).action).toBe('cancel_booking');
    expect(bookableAction({ ...base, customerBooking: 'reserved' }).action).toBe('cancel_reservation');
    expect(bookableAction({ ...base, onWaitlist: true, available: 0 }).action).toBe('leave_waitlist');
  });

  it('is closed for cancelled, started or past-last-bookable sessions', () => {
    expect(bookableAction({ ...base, status: 'cancelled' })).toEqual({ action: null, message: actionMessages.cancelled });
    expect(bookableAction({ ...base, startsAt: now })).toEqual({ action: null, message: actionMessages.closed });
    expect(bookableAction({ ...base, lastBookableAt: new Date('2026-11-22T09:00:00Z') }).message).toBe(actionMessages.closed);
  });

  it('says sold out, or offers the waitlist when it has room', () => {
    expect(bookableAction({ ...base, available: 0 })).toEqual({ action: null, message: actionMessages.soldOut });
    expect(bookableAction({ ...base, available: 0, waitlistAvailable: 3 }).action).toBe('join_waitlist');
    expect(bookableAction({ ...base, available: 0, waitlistAvailable: 0 }).message).toBe(actionMessages.soldOut);
  });

  it('blocks a session that overlaps one the customer has booked', () => {
    expect(bookableAction({ ...base, customerBusy: true })).toEqual({ action: null, message: actionMessages.busy });
  });
});
