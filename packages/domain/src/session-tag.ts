import type { BookableAction } from '@app/contracts';
import { actionMessages } from './bookable-action';

export type SessionTag =
  | { kind: 'past'; label: 'Past session' }
  | { kind: 'booked'; label: 'Booked' }
  | { kind: 'reserved'; label: 'Reserved' }
  | { kind: 'on_waitlist'; label: 'On waitlist' }
  | { kind: 'join_waitlist'; label: 'Join waitlist' }
  | { kind: 'busy'; label: 'Busy at this time' }
  | { kind: 'message'; label: string }
  | { kind: 'sold_out'; label: 'Sold out' }
  | { kind: 'available'; label: string; low: boolean };

export interface SessionTagInput {
  endsAt: Date;
  now: Date;
  bookableAction: BookableAction;
  available: number;
  lowAvailability: boolean;
}

/** The one tag a session row shows, in document 2's priority order (section 4, "Session tag order"). */
export function sessionTag(s: SessionTagInput): SessionTag {
  if (s.endsAt <= s.now) return { kind: 'past', label: 'Past session' };
  switch (s.bookableAction.action) {
    case 'cancel_booking':
      return { kind: 'booked', label: 'Booked' };
    case 'cancel_reservation':
      return { kind: 'reserved', label: 'Reserved' };
    case 'leave_waitlist':
      return { kind: 'on_waitlist', label: 'On waitlist' };
    case 'join_waitlist':
      return { kind: 'join_waitlist', label: 'Join waitlist' };
    default:
      break;
  }
  const message = s.bookableAction.message;
  if (message === actionMessages.busy) return { kind: 'busy', label: 'Busy at this time' };
  if (message && message !== actionMessages.soldOut) return { kind: 'message', label: message };
  if (s.available <= 0) return { kind: 'sold_out', label: 'Sold out' };
  return { kind: 'available', label: `${s.available} available`, low: s.lowAvailability };
}

/** A row can be chosen only when its action is book and it has places. */
export const isSelectable = (s: SessionTagInput): boolean => s.endsAt > s.now && s.bookableAction.action === 'book' && s.available > 0;

/**
 * How a session row can be acted on (doc 2, section 2): rows picked one at a time are selectable or selected, rows
 * picked several at once (court slots) checkable or checked, and a row that cannot be chosen is disabled (shown with
 * its tag, such as Sold out).
 */
export type SessionRowState = 'selectable' | 'selected' | 'checkable' | 'checked' | 'disabled';

export function sessionRowState(s: SessionTagInput, mode: 'select' | 'check', chosen: boolean): SessionRowState {
  if (!isSelectable(s)) return 'disabled';
  if (mode === 'check') return chosen ? 'checked' : 'checkable';
  return chosen ? 'selected' : 'selectable';
}
