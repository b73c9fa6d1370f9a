import { lazy, Suspense } from 'react';
import { MountOnceOpened } from '../../components/mount-once-opened';
import { useLoginModalOpen, useUser } from '../../features/auth';
import { useSelectedUserId } from '../../lib/selected-user';

/*
 * Parts of the shell that most visits never show, loaded the first time they are needed (decision 085): their
 * code (a form library and schemas, a select box, dialogs) would otherwise be in every customer's first download.
 */

const LoginModal = lazy(() => import('../../features/auth/components/login-modal').then((m) => ({ default: m.LoginModal })));
const BookingForNotice = lazy(() => import('../../features/account/components/booking-for').then((m) => ({ default: m.BookingForNotice })));

/** The one login modal, mounted once something first opens it (it then stays mounted, so it can animate closed). */
export function ShellLoginModal() {
  return (
    <MountOnceOpened open={useLoginModalOpen()}>
      <LoginModal />
    </MountOnceOpened>
  );
}

/** 'Booking for' reminder: only a logged-in customer who chose to book for a linked user ever sees it. */
export function ShellBookingForNotice() {
  const { user } = useUser();
  const selectedId = useSelectedUserId(user?.id);
  if (!user || selectedId === null) return null;
  return (
    <Suspense fallback={null}>
      <BookingForNotice />
    </Suspense>
  );
}
