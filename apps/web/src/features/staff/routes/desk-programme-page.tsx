import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import type { ProgrammeKind } from '../../programmes/kinds';
import { useCustomerRecord } from '../api';
import { useStaffT } from '../strings';
import { useDeskBooking } from '../use-desk-booking';

// The customers' own page chunks, loaded as the router loads them (one chunk each, shared with the customer app).
const pages = {
  list: lazy(() => import('../../programmes/routes/programme-list-page').then((m) => ({ default: m.ProgrammeListPage }))),
  timetable: lazy(() => import('../../programmes/routes/programme-timetable-page').then((m) => ({ default: m.ProgrammeTimetablePage }))),
  details: lazy(() => import('../../programmes/routes/programme-details-page').then((m) => ({ default: m.ProgrammeDetailsPage }))),
  book: lazy(() => import('../../programmes/routes/programme-booking-page').then((m) => ({ default: m.ProgrammeBookingPage }))),
};

/**
 * A course or camp page at the desk (issue 15 item 3, decision 260): the customers' own list, timetable, details
 * and booking form, in desk mode, under /staff/customers/:customerId/book/:forId/{courses,camps}/location/... so
 * every link between them stays in the console and keeps whom the booking is for.
 */
export function DeskProgrammePage({ kind, page }: { kind: ProgrammeKind; page: keyof typeof pages }) {
  const t = useStaffT();
  const { customerId: customerParam, forId, venueSlug = '' } = useParams();
  const customerId = Number(customerParam);
  const who = Number(forId) || customerId;
  const record = useCustomerRecord(customerId);
  const people = record.data
    ? [record.data.customer, ...record.data.linkedUsers].map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` }))
    : [];
  const forName = people.find((p) => p.id === who)?.name;
  const { checkoutPath } = useDeskBooking(customerId, who, forName);

  if (record.isPending) return <p role="status">{t('loading')}</p>;
  // Only the customer and their own linked users are booked for from their record.
  if (record.isError || forName === undefined) return <p role="alert">{t('loadFailed')}</p>;
  const Page = pages[page];
  return (
    <div className="flex flex-col gap-4">
      <p className="flex flex-wrap gap-4">
        <Link className="font-semibold underline" to={`/staff/customers/${customerId}/book?for=${who}&venue=${venueSlug}`}>
          {t('backToBook', { name: forName })}
        </Link>
        <Link className="font-semibold underline" to={checkoutPath}>
          {t('deskCheckout')}
        </Link>
      </p>
      <Suspense fallback={<p role="status">{t('loading')}</p>}>
        <Page kind={kind} />
      </Suspense>
    </div>
  );
}
