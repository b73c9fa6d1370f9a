import { lazy } from 'react';
import { MountOnceOpened } from '../../../components/mount-once-opened';
import type { BookSessions } from '../use-book-sessions';

// The dialogs' code (React Aria's modal, the waiver step's form, the added panel) is not on a timetable's first
// paint: it loads when a dialog first opens (issue 12, decision 282).
const Body = lazy(() => import('./booking-dialogs-body').then((m) => ({ default: m.BookingDialogsBody })));

/**
 * What a timetable shows around its Book buttons: the waiver step and the 'Items added to basket' panel
 * (booking-dialogs-body.tsx). Mounted once one of them has opened, and kept mounted so each closes as it opens.
 */
export function BookingDialogs({ booking, text }: { booking: BookSessions; text: string }) {
  return (
    <MountOnceOpened open={booking.waiverStep !== null || booking.added}>
      <Body booking={booking} text={text} />
    </MountOnceOpened>
  );
}
