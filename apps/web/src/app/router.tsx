import { createBrowserRouter, type RouteObject } from 'react-router';
import {
  AccountLayout,
  BookingsListPage,
  BookingsPage,
  DashboardPage,
  DetailsPage,
  GuestPassesPage,
  isAccountOrigin,
  LinkedUsersPage,
  MembershipsPage,
  PackagesPage,
  PaymentsPage,
} from '../features/account';
import { ActivityRedirect, ChooseActivityPage, ChooseSubActivityPage, DateRedirect, TimetablePage } from '../features/activities';
import { ForgottenPasswordPage, LoginPage, RegisterPage, ResetPasswordPage } from '../features/auth';
import { BasketPage } from '../features/basket';
import { CheckoutPage } from '../features/checkout';
import { KioskHomePage } from '../features/kiosk';
import { BookingConfirmedPage } from '../features/orders';
import { OutboxPage } from '../features/outbox';
import { PricingPage } from '../features/pricing';
import { ProgrammeCategoriesPage, ProgrammeDetailsPage, ProgrammeListPage, ProgrammeTimetablePage } from '../features/programmes';
import { CentrePage, HomePage, RedirectToSelectedVenue, VenueRedirect, VenueSearchPage } from '../features/venues';
import { NotFoundPage } from './errors/not-found-page';
import { RouteError } from './errors/route-error';
import { AppLayout } from './shell/app-layout';
import { ToBookingsOrigin } from './shell/to-bookings-origin';

/**
 * Course or camp browsing (doc 2, section 2): categories, a category's list, its timetable and one programme's
 * details. The booking pages (.../:activitySlug/:courseSlug/book) belong to the booking work.
 */
function programmeRoutes(kind: 'courses' | 'camps', slugParam: string): RouteObject[] {
  const base = `${kind}/location/:venueSlug`;
  return [
    { path: base, element: <ProgrammeCategoriesPage kind={kind} /> },
    { path: `${base}/:activitySlug`, element: <ProgrammeListPage kind={kind} /> },
    { path: `${base}/:activitySlug/timetable`, element: <ProgrammeTimetablePage kind={kind} /> },
    { path: `${base}/:activitySlug/timetable/${slugParam}`, element: <ProgrammeDetailsPage kind={kind} /> },
  ];
}

/** The account area (doc 1, section 2), under /account on one origin or at the root of its sub-domain (decision 061). */
const accountRoutes: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
  { path: 'user-details', element: <DetailsPage /> },
  { path: 'memberships', element: <MembershipsPage /> },
  { path: 'packages', element: <PackagesPage /> },
  { path: 'bookings', element: <BookingsPage /> },
  { path: 'bookings/upcoming', element: <BookingsListPage when="upcoming" /> },
  { path: 'bookings/past', element: <BookingsListPage when="past" /> },
  { path: 'guest-passes', element: <GuestPassesPage /> },
  { path: 'payments', element: <PaymentsPage /> },
  { path: 'linked-users', element: <LinkedUsersPage /> },
];

/** On the account sub-domain: the account area at the root; every other path is a booking page elsewhere. */
const accountOriginRoutes: RouteObject[] = [
  { element: <AccountLayout />, children: accountRoutes },
  { path: '*', element: <ToBookingsOrigin /> },
];

/**
 * Every route of the app (doc 1 and doc 2, section 2), or on the account sub-domain only the account area's. Pages
 * render inside the shell; errors keep the shell.
 */
export const createRoutes = (onAccountOrigin: boolean = isAccountOrigin()): RouteObject[] => [
  {
    element: <AppLayout />,
    errorElement: <RouteError standalone />,
    children: [
      {
        errorElement: <RouteError />,
        children: onAccountOrigin
          ? accountOriginRoutes
          : [
              { index: true, element: <HomePage /> },
              { path: 'login', element: <LoginPage /> },
              { path: 'register', element: <RegisterPage /> },
              { path: 'forgotten-password', element: <ForgottenPasswordPage /> },
              { path: 'reset-password', element: <ResetPasswordPage /> },
              { path: 'basket', element: <BasketPage /> },
              { path: 'basket/checkout', element: <CheckoutPage /> },
              { path: 'checkout', element: <CheckoutPage /> },
              { path: 'booking-confirmed/:completeOrderId', element: <BookingConfirmedPage /> },
              { path: 'order-confirmed/:completeOrderId', element: <BookingConfirmedPage variant="order" /> },
              { path: 'account', element: <AccountLayout />, children: accountRoutes },
              { path: 'pricing', element: <PricingPage /> },
              { path: 'kiosk', element: <KioskHomePage /> },
              { path: 'centre/:venue', element: <CentrePage /> },
              { path: 'redirect-to-selected-venue', element: <RedirectToSelectedVenue /> },
              { path: 'course-redirect-to-selected-venue', element: <RedirectToSelectedVenue kind="course" /> },
              { path: 'camp-redirect-to-selected-venue', element: <RedirectToSelectedVenue kind="camp" /> },
              { path: 'location/:venueSlug', element: <ChooseActivityPage /> },
              { path: 'location/:venueSlug/:activitySlug', element: <ChooseSubActivityPage /> },
              { path: 'location/:venueSlug/:activitySlug/:dateSlug/:type?/*', element: <TimetablePage /> },
              ...programmeRoutes('courses', ':courseSlug'),
              ...programmeRoutes('camps', ':campSlug'),
              { path: 'venues/search', element: <VenueSearchPage /> },
              { path: 'dev/outbox', element: <OutboxPage /> },
              { path: ':venueSlug', element: <VenueRedirect /> },
              { path: ':venueSlug/:activitySlug', element: <ActivityRedirect /> },
              { path: ':venueSlug/:activitySlug/:dateSlug/:type?', element: <DateRedirect /> },
              { path: '*', element: <NotFoundPage /> },
            ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(createRoutes());
