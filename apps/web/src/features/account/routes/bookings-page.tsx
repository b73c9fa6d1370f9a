import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink } from 'react-router';
import { usePage } from '../../../components/page-meta';
import { Pager } from '../../../components/pager';
import { useIsMobile } from '../../../lib/breakpoints';
import { CalendarFeedPanel } from '../../calendar/components/calendar-feed-panel';
import { useBookingBundles } from '../api/get-booking-bundles';
import { type BookingsWhen, useBookings } from '../api/get-bookings';
import { BookingList } from '../components/booking-list';
import { BundleList } from '../components/bundle-list';
import { ListState } from '../components/list-state';
import { WaitlistSection } from '../components/waitlist-section';
import { accountPaths } from '../paths';
import { useAccount } from '../use-account';

function BookingSection({ when, headingLevel }: { when: BookingsWhen; headingLevel: 1 | 2 }) {
  const { t } = useTranslation('account');
  const { who } = useAccount();
  const [page, setPage] = useState(1);
  const query = useBookings(who, when, page);
  const meta = query.data?.meta;
  const pages = typeof meta?.totalPages === 'number' ? meta.totalPages : 1;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section aria-labelledby={`bookings-${when}`} className="flex flex-col gap-3">
      <Heading id={`bookings-${when}`} className={headingLevel === 1 ? 'text-4xl font-bold' : 'text-2xl font-bold'}>
        {headingLevel === 1 ? `${t('bookings.title')}: ${t(`bookings.${when}`)}` : t(`bookings.${when}`)}
      </Heading>
      <ListState
        query={{ ...query, data: query.data?.items }}
        empty={when === 'upcoming' ? t('bookings.emptyUpcoming') : t('bookings.emptyPast')}
      >
        {(items) => <BookingList bookings={items} cancellable={when === 'upcoming'} />}
      </ListState>
      <Pager page={page} totalPages={pages} onChange={setPage} />
    </section>
  );
}

/** Courses and camps bought, each with its sessions and the answers given (doc 2's booking bundle). */
function BundleSection() {
  const { t } = useTranslation('account');
  const { who } = useAccount();
  const [page, setPage] = useState(1);
  const query = useBookingBundles(who, page);
  const meta = query.data?.meta;
  const pages = typeof meta?.totalPages === 'number' ? meta.totalPages : 1;
  if (query.data && query.data.items.length === 0) return null;
  return (
    <section aria-labelledby="bookings-bundles" className="flex flex-col gap-3">
      <h2 id="bookings-bundles" className="text-2xl font-bold">
        {t('bundles.title')}
      </h2>
      <ListState query={{ ...query, data: query.data?.items }} empty="">
        {(items) => <BundleList bundles={items} />}
      </ListState>
      <Pager page={page} totalPages={pages} onChange={setPage} />
    </section>
  );
}

/** The feed is the caller's own: not shown while acting for a linked user. */
function OwnCalendarFeed() {
  const { who } = useAccount();
  return who === 'me' ? <CalendarFeedPanel /> : null;
}

/** /bookings: upcoming and past together; a phone opens /bookings/upcoming instead (doc 1, section 2). */
export function BookingsPage() {
  const { t } = useTranslation('account');
  usePage({ title: t('bookings.title'), crumbs: [{ label: t('nav.label'), to: accountPaths.dashboard }, { label: t('bookings.title') }] });
  const isMobile = useIsMobile();
  if (isMobile) return <Navigate to={accountPaths.bookingsUpcoming} replace />;
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-4xl font-bold">{t('bookings.title')}</h1>
      <BookingSection when="upcoming" headingLevel={2} />
      <WaitlistSection />
      <BookingSection when="past" headingLevel={2} />
      <BundleSection />
      <OwnCalendarFeed />
    </div>
  );
}

/** /bookings/upcoming and /bookings/past: one list, with links between the two. */
export function BookingsListPage({ when }: { when: BookingsWhen }) {
  const { t } = useTranslation('account');
  usePage({
    title: `${t('bookings.title')}: ${t(`bookings.${when}`)}`,
    crumbs: [
      { label: t('nav.label'), to: accountPaths.dashboard },
      { label: t('bookings.title'), to: accountPaths.bookings },
      { label: t(`bookings.${when}`) },
    ],
  });
  const tab =
    'inline-flex min-h-11 items-center rounded-md px-4 font-bold aria-[current=page]:bg-primary aria-[current=page]:text-on-primary';
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label={t('bookings.title')}>
        <ul className="flex gap-2">
          <li>
            <NavLink to={accountPaths.bookingsUpcoming} className={tab}>
              {t('bookings.upcoming')}
            </NavLink>
          </li>
          <li>
            <NavLink to={accountPaths.bookingsPast} className={tab}>
              {t('bookings.past')}
            </NavLink>
          </li>
        </ul>
      </nav>
      <BookingSection key={when} when={when} headingLevel={1} />
      {/* A phone only ever sees this page for its bookings, so the waitlists (and a place held) must be here too. */}
      {when === 'upcoming' ? <WaitlistSection /> : null}
      {when === 'upcoming' ? <BundleSection /> : null}
      {when === 'upcoming' ? <OwnCalendarFeed /> : null}
    </div>
  );
}
