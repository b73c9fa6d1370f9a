/**
 * Rules of My account (issue 5): when a booking can be cancelled by its customer, and how a link between two users
 * moves between the statuses of doc 1, section 3 (successful, pending, revoked, cancelled).
 */

export type BookingState = { status: 'settled' | 'reserved' | 'cancelled'; startsAt: Date };

/**
 * A customer may cancel a paid (settled) booking until its session starts. A reserved booking is still in a basket
 * (removed there), a cancelled one is done, and a past one cannot be undone. Cut-off fees: not shown in the spec.
 */
export function canCancelBooking(booking: BookingState, now: Date): boolean {
  return booking.status === 'settled' && booking.startsAt.getTime() > now.getTime();
}

export type LinkStatus = 'successful' | 'pending' | 'revoked' | 'cancelled';
export type LinkAction = 'request' | 'accept' | 'cancel' | 'revoke';
/** The owner asked to act for the referenced user; the referenced user is the one who accepts or revokes. */
export type LinkSide = 'owner' | 'referenced';

/**
 * The status a link moves to, or null when the action is not allowed. The owner requests (again after an end) and
 * may cancel; the referenced user accepts a pending request and may revoke at any time before it ends.
 */
export function nextLinkStatus(current: LinkStatus | null, action: LinkAction, side: LinkSide): LinkStatus | null {
  const live = current === 'pending' || current === 'successful';
  switch (action) {
    case 'request':
      return side === 'owner' && !live ? 'pending' : null;
    case 'accept':
      return side === 'referenced' && current === 'pending' ? 'successful' : null;
    case 'cancel':
      return side === 'owner' && live ? 'cancelled' : null;
    case 'revoke':
      return side === 'referenced' && live ? 'revoked' : null;
  }
}

/** Only an accepted link lets its owner book and buy for the referenced user (selected_user_id). */
export const linkAllowsActing = (status: LinkStatus): boolean => status === 'successful';
