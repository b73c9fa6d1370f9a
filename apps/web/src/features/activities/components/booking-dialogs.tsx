import { lazy, Suspense, useState } from 'react';
import type { BookSessions } from '../use-book-sessions';

// The dialogs' code (React Aria's modal, the waiver step's form, the added panel) is not on a timetable's first
// paint: it loads when a dialog first opens (issue 12, decision 282).
const Body = lazy(() => import('./booking-dialogs-body').then((m) => ({ default: m.BookingDialogsBody })));

/**
 * What a timetable shows around its Book buttons: the waiver step and the 'Items added to basket' panel
 * (booking-dialogs-body.tsx). Mounted once one of them has opened, and kept mounted so each closes as it opens.
 */
export function BookingDialogs({ booking, text }: { booking: BookSessions; text: string }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted && (booking.waiverStep !== null || booking.added)) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Body booking={booking} text={text} />
    </Suspense>
  );
}
