import { Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { isAccountOrigin } from '../features/account';
import { deskProgrammePaths } from '../features/programmes/desk-paths';
import { FeatureGate } from '../features/tenancy';
import { NotFoundPage } from './errors/not-found-page';
import { RouteErrors } from './errors/route-error';
import { lazyPage } from './routing/lazy-page';
import { PageLoading } from './routing/page-loading';
import { AppLayout } from './shell/app-layout';
import { ToBookingsOrigin } from './shell/to-bookings-origin';

/*
 * Every page is its own chunk, loaded when its route is matched (decision 085): the first page a customer opens
 * downloads the shell and that page, nothing else. Pages are imported by file, not through their feature's index,
 * since the shell imports those indexes for small pieces (hooks, paths) and a page reached through one would be
 * pulled into the shell's chunk.
 *
 * The staff console (`/staff`, to come) is to be one lazily loaded tree, so none of it reaches a customer:
 * `{ path: 'staff/*', ...lazyPage(() => import('../features/staff/routes'), (m) => <m.StaffRoutes />) }` beside the
 * customer routes below, its own pages loaded lazily inside it, and nothing of `features/staff` imported by the
 * shell or a customer page. The byte-budget journey (e2e/tests/budgets.spec.ts) fails if a customer page loads it.
 */

/**
 * Course or camp browsing (doc 2, section 2): categories, a category's list, its timetable and one programme's
 * details, and its booking page (.../:activitySlug/:courseSlug/book).
 */
function programmeRoutes(kind: 'courses' | 'camps', slugParam: string): RouteObject[] {
  const base = `${kind}/location/:venueSlug`;
  return [
    {
      path: base,
      ...lazyPage(
        () => import('../features/programmes/routes/programme-categories-page'),
        (m) => <m.ProgrammeCategoriesPage kind={kind} />,
      ),
    },
    {
      path: `${base}/:activitySlug`,
      ...lazyPage(
        () => import('../features/programmes/routes/programme-list-page'),
        (m) => <m.ProgrammeListPage kind={kind} />,
      ),
    },
    {
      path: `${base}/:activitySlug/timetable`,
      ...lazyPage(
        () => import('../features/programmes/routes/programme-timetable-page'),
        (m) => <m.ProgrammeTimetablePage kind={kind} />,
      ),
    },
    {
      path: `${base}/:activitySlug/timetable/${slugParam}`,
      ...lazyPage(
        () => import('../features/programmes/routes/programme-details-page'),
        (m) => <m.ProgrammeDetailsPage kind={kind} />,
      ),
    },
    {
      path: `${base}/:activitySlug/${slugParam}/book`,
      ...lazyPage(
        () => import('../features/programmes/routes/programme-booking-page'),
        (m) => <m.ProgrammeBookingPage kind={kind} />,
      ),
    },
  ];
}

const bookingsPages = () => import('../features/account/routes/bookings-page');
const holdingsPages = () => import('../features/account/routes/holdings-pages');

/** The account area (doc 1, section 2), under /account on one origin or at the root of its sub-domain (decision 061). */
const accountRoutes: RouteObject[] = [
  {
    index: true,
    ...lazyPage(
      () => import('../features/account/routes/dashboard-page'),
      (m) => <m.DashboardPage />,
    ),
  },
  {
    path: 'user-details',
    ...lazyPage(
      () => import('../features/account/routes/details-page'),
      (m) => <m.DetailsPage />,
    ),
  },
  { path: 'memberships', ...lazyPage(holdingsPages, (m) => <m.MembershipsPage />) },
  { path: 'packages', ...lazyPage(holdingsPages, (m) => <m.PackagesPage />) },
  { path: 'bookings', ...lazyPage(bookingsPages, (m) => <m.BookingsPage />) },
  { path: 'bookings/upcoming', ...lazyPage(bookingsPages, (m) => <m.BookingsListPage when="upcoming" />) },
  { path: 'bookings/past', ...lazyPage(bookingsPages, (m) => <m.BookingsListPage when="past" />) },
  { path: 'guest-passes', ...lazyPage(holdingsPages, (m) => <m.GuestPassesPage />) },
  {
    path: 'payments',
    ...lazyPage(
      () => import('../features/account/routes/payments-page'),
      (m) => <m.PaymentsPage />,
    ),
  },
  {
    path: 'linked-users',
    ...lazyPage(
      () => import('../features/account/routes/linked-users-page'),
      (m) => <m.LinkedUsersPage />,
    ),
  },
];

const accountLayout = lazyPage(
  () => import('../features/account/components/account-layout'),
  (m) => <m.AccountLayout />,
);

/** On the account sub-domain: the account area at the root; every other path is a booking page elsewhere. */
const accountOriginRoutes: RouteObject[] = [
  { ...accountLayout, children: accountRoutes },
  { path: '*', element: <ToBookingsOrigin /> },
];

const redirectToSelectedVenue = () => import('../features/venues/routes/redirect-to-selected-venue');
const legacyRedirects = () => import('../features/activities/routes/legacy-redirects');
const checkoutPage = lazyPage(
  () => import('../features/checkout/routes/checkout-page'),
  (m) => <m.CheckoutPage />,
);
const bookingConfirmedPage = () => import('../features/orders/routes/booking-confirmed-page');

/** The booking pages (doc 1 and doc 2, section 2). */
const bookingRoutes: RouteObject[] = [
  {
    index: true,
    ...lazyPage(
      () => import('../features/venues/routes/home-page'),
      (m) => <m.HomePage />,
    ),
  },
  {
    path: 'login',
    ...lazyPage(
      () => import('../features/auth/routes/login-page'),
      (m) => <m.LoginPage />,
    ),
  },
  {
    path: 'register',
    ...lazyPage(
      () => import('../features/auth/routes/register-page'),
      (m) => <m.RegisterPage />,
    ),
  },
  {
    path: 'forgotten-password',
    ...lazyPage(
      () => import('../features/auth/routes/forgotten-password-page'),
      (m) => <m.ForgottenPasswordPage />,
    ),
  },
  {
    path: 'reset-password',
    ...lazyPage(
      () => import('../features/auth/routes/reset-password-page'),
      (m) => <m.ResetPasswordPage />,
    ),
  },
  {
    path: 'basket',
    ...lazyPage(
      () => import('../features/basket/routes/basket-page'),
      (m) => <m.BasketPage />,
    ),
  },
  { path: 'basket/checkout', ...checkoutPage },
  {
    path: 'attendees',
    ...lazyPage(
      () => import('../features/attendees/routes/attendees-page'),
      (m) => <m.AttendeesPage />,
    ),
  },
  { path: 'checkout', ...checkoutPage },
  { path: 'booking-confirmed/:completeOrderId', ...lazyPage(bookingConfirmedPage, (m) => <m.BookingConfirmedPage />) },
  { path: 'order-confirmed/:completeOrderId', ...lazyPage(bookingConfirmedPage, (m) => <m.BookingConfirmedPage variant="order" />) },
  { path: 'account', ...accountLayout, children: accountRoutes },
  {
    path: 'waitlist-offer/:token',
    ...lazyPage(
      () => import('../features/waitlists/routes/offer-page'),
      (m) => <m.WaitlistOfferPage />,
    ),
  },
  {
    element: <FeatureGate feature="onlineJoiningEnabled" />,
    children: [
      {
        path: 'pricing',
        ...lazyPage(
          () => import('../features/pricing/routes/pricing-page'),
          (m) => <m.PricingPage />,
        ),
      },
    ],
  },
  {
    path: 'kiosk',
    ...lazyPage(
      () => import('../features/kiosk/routes/kiosk-home-page'),
      (m) => <m.KioskHomePage />,
    ),
  },
  {
    path: 'centre/:venue',
    ...lazyPage(
      () => import('../features/venues/routes/centre-page'),
      (m) => <m.CentrePage />,
    ),
  },
  { path: 'redirect-to-selected-venue', ...lazyPage(redirectToSelectedVenue, (m) => <m.RedirectToSelectedVenue />) },
  {
    // Not there for a client that has switched courses and camps off (issue 13, defect 15).
    element: <FeatureGate feature="campsAndCoursesBookingEnabled" />,
    children: [
      {
        path: 'course-redirect-to-selected-venue',
        ...lazyPage(redirectToSelectedVenue, (m) => <m.RedirectToSelectedVenue kind="course" />),
      },
      { path: 'camp-redirect-to-selected-venue', ...lazyPage(redirectToSelectedVenue, (m) => <m.RedirectToSelectedVenue kind="camp" />) },
      ...programmeRoutes('courses', ':courseSlug'),
      ...programmeRoutes('camps', ':campSlug'),
    ],
  },
  {
    path: 'location/:venueSlug',
    ...lazyPage(
      () => import('../features/activities/routes/choose-activity-page'),
      (m) => <m.ChooseActivityPage />,
    ),
  },
  {
    path: 'location/:venueSlug/:activitySlug',
    ...lazyPage(
      () => import('../features/activities/routes/choose-sub-activity-page'),
      (m) => <m.ChooseSubActivityPage />,
    ),
  },
  {
    path: 'location/:venueSlug/:activitySlug/:dateSlug/:type?/*',
    ...lazyPage(
      () => import('../features/activities/routes/timetable-page'),
      (m) => <m.TimetablePage />,
    ),
  },
  {
    path: 'venues/search',
    ...lazyPage(
      () => import('../features/venues/routes/venue-search-page'),
      (m) => <m.VenueSearchPage />,
    ),
  },
  {
    path: 'dev/outbox',
    ...lazyPage(
      () => import('../features/outbox/routes/outbox-page'),
      (m) => <m.OutboxPage />,
    ),
  },
  {
    path: ':venueSlug',
    ...lazyPage(
      () => import('../features/venues/routes/venue-redirect'),
      (m) => <m.VenueRedirect />,
    ),
  },
  { path: ':venueSlug/:activitySlug', ...lazyPage(legacyRedirects, (m) => <m.ActivityRedirect />) },
  { path: ':venueSlug/:activitySlug/:dateSlug/:type?', ...lazyPage(legacyRedirects, (m) => <m.DateRedirect />) },
  { path: '*', element: <NotFoundPage /> },
];

/** The staff console's one chunk (issue 15, decision 131): only `/staff` pages load it. */
const staffChunk = () => import('../features/staff/routes');

/**
 * Every route of the app (doc 1 and doc 2, section 2), or on the account sub-domain only the account area's. Pages
 * render inside the shell, which shows PageLoading while a page's code arrives and RouteError when a page fails (its
 * code too); the staff console has its own frame.
 */
export const createRoutes = (onAccountOrigin: boolean = isAccountOrigin()): RouteObject[] => [
  { element: <AppLayout />, children: onAccountOrigin ? accountOriginRoutes : bookingRoutes },
  // The staff console (issue 15): its own frame, outside the customers' shell, one lazily loaded chunk.
  ...(onAccountOrigin
    ? []
    : [
        {
          // Static paths under 'staff' so they outrank the customers' dynamic legacy redirects (decision 131).
          path: 'staff',
          ...lazyPage(staffChunk, (m) => <m.StaffLayout />),
          children: [
            { index: true, ...lazyPage(staffChunk, (m) => <m.CustomerSearchPage />) },
            { path: 'customers/new', ...lazyPage(staffChunk, (m) => <m.RegisterCustomerPage />) },
            { path: 'customers/:customerId', ...lazyPage(staffChunk, (m) => <m.CustomerRecordPage />) },
            { path: 'registers', ...lazyPage(staffChunk, (m) => <m.RegistersPage />) },
            { path: 'registers/:occurrenceId', ...lazyPage(staffChunk, (m) => <m.RegisterPage />) },
            { path: 'tills', ...lazyPage(staffChunk, (m) => <m.TillsPage />) },
            { path: 'settings', ...lazyPage(staffChunk, (m) => <m.SettingsPage />) },
            { path: 'customers/:customerId/book', ...lazyPage(staffChunk, (m) => <m.BookForCustomerPage />) },
            { path: 'customers/:customerId/checkout', ...lazyPage(staffChunk, (m) => <m.DeskCheckoutPage />) },
            // The course and camp pages at the desk (decision 260); the paths are listed with the console's pages.
            ...deskProgrammePaths.map(({ path, kind, page }) => ({
              path,
              ...lazyPage(staffChunk, (m) => <m.DeskProgrammePage kind={kind} page={page} />),
            })),
            { path: 'receipts/:orderId', ...lazyPage(staffChunk, (m) => <m.ReceiptPage />) },
            { path: '*', ...lazyPage(staffChunk, (m) => <m.CustomerSearchPage />) },
          ],
        },
      ]),
];

/**
 * The app's routes, rendered by React Router's declarative router (decision 210): the shell or the staff frame,
 * and the page. Anything that fails outside a page (the shell itself) shows the standalone error page; while the
 * staff console's code arrives the loading spinner shows.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const element = useRoutes(routes);
  return (
    <RouteErrors standalone>
      <Suspense fallback={<PageLoading />}>{element}</Suspense>
    </RouteErrors>
  );
}
