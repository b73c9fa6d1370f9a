import type { BookableAction } from '@app/contracts';

export interface BookableContext {
  status: 'bookable' | 'cancelled' | 'clashing';
  startsAt: Date;
  lastBookableAt: Date | null;
  available: number;
  /** The customer's own booking on this session, if any (null for visitors). */
  customerBooking: 'settled' | 'reserved' | null;
  onWaitlist: boolean;
  /** Places left on the waitlist; null when the session has no waitlist. */
  waitlistAvailable: number | null;
  /** The customer has another booking that overlaps this session. */
  customerBusy: boolean;
  now: Date;
}

export const actionMessages = {
  cancelled: 'This session has been cancelled',
  closed: 'Booking has closed for this session',
  soldOut: 'Sold out',
  busy: 'You already have a session booked at this time',
} as const;

/**
 * What the customer can do with a session, in the order a customer would expect: what they already hold first,
 * then whether the session can be booked at all, then capacity. Document 2 lists the actions; the ordering
 * and messages are ours (docs/decisions/007-bookable-action.md).
 */
export function bookableAction(ctx: BookableContext): BookableAction {
  if (ctx.customerBooking === 'settled') return { action: 'cancel_booking', message: null };
  if (ctx.customerBooking === 'reserved') return { action: 'cancel_reservation', message: null };
  if (ctx.onWaitlist) return { action: 'leave_waitlist', message: null };
  if (ctx.status === 'cancelled') return { action: null, message: actionMessages.cancelled };
  const closesAt = ctx.lastBookableAt ?? ctx.startsAt;
  if (ctx.now >= closesAt) return { action: null, message: actionMessages.closed };
  if (ctx.customerBusy) return { action: null, message: actionMessages.busy };
  if (ctx.available <= 0) {
    if (ctx.waitlistAvailable !== null && ctx.waitlistAvailable > 0) return { action: 'join_waitlist', message: null };
    return { action: null, message: actionMessages.soldOut };
  }
  return { action: 'book', message: null };
}
