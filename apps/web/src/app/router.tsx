import { createBrowserRouter, type RouteObject } from 'react-router';
import { DashboardPage } from '../features/account';
import { ChooseActivityPage, ChooseSubActivityPage, TimetablePage } from '../features/activities';
import { LoginPage, RegisterPage } from '../features/auth';
import { BasketPage } from '../features/basket';
import { CheckoutPage } from '../features/checkout';
import { BookingConfirmedPage } from '../features/orders';
import { CentrePage, HomePage, LegacyRedirect, RedirectToSelectedVenue } from '../features/venues';
import { NotFoundPage } from './errors/not-found-page';
import { RouteError } from './errors/route-error';
import { AppLayout } from './shell/app-layout';

/** Every route of the app (doc 1 and doc 2, section 2). Pages render inside the shell; errors keep the shell. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError standalone />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'basket', element: <BasketPage /> },
          { path: 'basket/checkout', element: <CheckoutPage /> },
          { path: 'checkout', element: <CheckoutPage /> },
          { path: 'booking-confirmed/:completeOrderId', element: <BookingConfirmedPage /> },
          { path: 'account', element: <DashboardPage /> },
          { path: 'centre/:venue', element: <CentrePage /> },
          { path: 'redirect-to-selected-venue', element: <RedirectToSelectedVenue /> },
          { path: 'course-redirect-to-selected-venue', element: <RedirectToSelectedVenue kind="course" /> },
          { path: 'camp-redirect-to-selected-venue', element: <RedirectToSelectedVenue kind="camp" /> },
          { path: 'location/:venueSlug', element: <ChooseActivityPage /> },
          { path: 'location/:venueSlug/:activitySlug', element: <ChooseSubActivityPage /> },
          { path: 'location/:venueSlug/:activitySlug/:dateSlug/:type?/*', element: <TimetablePage /> },
          { path: ':venueSlug', element: <LegacyRedirect /> },
          { path: ':venueSlug/:activitySlug', element: <LegacyRedirect /> },
          { path: ':venueSlug/:activitySlug/:dateSlug/:type?', element: <LegacyRedirect /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
