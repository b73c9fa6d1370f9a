/*
 * Which page modules each customer path renders, for the server to preload them with the page (decision 210): the
 * app's page then lists the route's chunks as `modulepreload` links, and the browser fetches them beside the entry
 * instead of after it has run. Paths are the router's (app/router.tsx); route-pages.test.ts checks that every
 * lazily loaded page of the router is listed here with the module it loads, so the two cannot drift apart. The
 * build writes the chunks each path needs to dist/.vite/route-preloads.json (build/route-preloads.ts).
 */

export interface RoutePage {
  /** The route's path, as the router's (without the leading slash; '' is the home page). */
  path: string;
  /** The modules it renders, from apps/web: a layout first, then the page. */
  files: string[];
}

const programmePages = (kind: 'courses' | 'camps', slug: string): RoutePage[] => {
  const base = `${kind}/location/:venueSlug`;
  const page = (name: string) => `src/features/programmes/routes/${name}.tsx`;
  return [
    { path: base, files: [page('programme-categories-page')] },
    { path: `${base}/:activitySlug`, files: [page('programme-list-page')] },
    { path: `${base}/:activitySlug/timetable`, files: [page('programme-timetable-page')] },
    { path: `${base}/:activitySlug/timetable/${slug}`, files: [page('programme-details-page')] },
    { path: `${base}/:activitySlug/${slug}/book`, files: [page('programme-booking-page')] },
  ];
};

/** The account area's pages, under its base ('account' on one origin, the root of the account sub-domain). */
export const accountPages: RoutePage[] = [
  { path: '', files: ['src/features/account/routes/dashboard-page.tsx'] },
  { path: 'user-details', files: ['src/features/account/routes/details-page.tsx'] },
  { path: 'memberships', files: ['src/features/account/routes/holdings-pages.tsx'] },
  { path: 'packages', files: ['src/features/account/routes/holdings-pages.tsx'] },
  { path: 'bookings', files: ['src/features/account/routes/bookings-page.tsx'] },
  { path: 'bookings/upcoming', files: ['src/features/account/routes/bookings-page.tsx'] },
  { path: 'bookings/past', files: ['src/features/account/routes/bookings-page.tsx'] },
  { path: 'guest-passes', files: ['src/features/account/routes/holdings-pages.tsx'] },
  { path: 'payments', files: ['src/features/account/routes/payments-page.tsx'] },
  { path: 'linked-users', files: ['src/features/account/routes/linked-users-page.tsx'] },
];
export const accountLayout = 'src/features/account/components/account-layout.tsx';

const inAccountArea = (base: string): RoutePage[] =>
  accountPages.map((p) => ({ path: [base, p.path].filter(Boolean).join('/'), files: [accountLayout, ...p.files] }));

/** The booking pages (doc 1 and doc 2, section 2), on one origin or the bookings sub-domain. */
export const bookingPages: RoutePage[] = [
  { path: '', files: ['src/features/venues/routes/home-page.tsx'] },
  { path: 'login', files: ['src/features/auth/routes/login-page.tsx'] },
  { path: 'register', files: ['src/features/auth/routes/register-page.tsx'] },
  { path: 'forgotten-password', files: ['src/features/auth/routes/forgotten-password-page.tsx'] },
  { path: 'reset-password', files: ['src/features/auth/routes/reset-password-page.tsx'] },
  { path: 'basket', files: ['src/features/basket/routes/basket-page.tsx'] },
  { path: 'basket/checkout', files: ['src/features/checkout/routes/checkout-page.tsx'] },
  { path: 'attendees', files: ['src/features/attendees/routes/attendees-page.tsx'] },
  { path: 'checkout', files: ['src/features/checkout/routes/checkout-page.tsx'] },
  { path: 'booking-confirmed/:completeOrderId', files: ['src/features/orders/routes/booking-confirmed-page.tsx'] },
  { path: 'order-confirmed/:completeOrderId', files: ['src/features/orders/routes/booking-confirmed-page.tsx'] },
  ...inAccountArea('account'),
  { path: 'waitlist-offer/:token', files: ['src/features/waitlists/routes/offer-page.tsx'] },
  { path: 'pricing', files: ['src/features/pricing/routes/pricing-page.tsx'] },
  { path: 'kiosk', files: ['src/features/kiosk/routes/kiosk-home-page.tsx'] },
  { path: 'centre/:venue', files: ['src/features/venues/routes/centre-page.tsx'] },
  { path: 'redirect-to-selected-venue', files: ['src/features/venues/routes/redirect-to-selected-venue.tsx'] },
  { path: 'course-redirect-to-selected-venue', files: ['src/features/venues/routes/redirect-to-selected-venue.tsx'] },
  { path: 'camp-redirect-to-selected-venue', files: ['src/features/venues/routes/redirect-to-selected-venue.tsx'] },
  ...programmePages('courses', ':courseSlug'),
  ...programmePages('camps', ':campSlug'),
  { path: 'location/:venueSlug', files: ['src/features/activities/routes/choose-activity-page.tsx'] },
  { path: 'location/:venueSlug/:activitySlug', files: ['src/features/activities/routes/choose-sub-activity-page.tsx'] },
  { path: 'location/:venueSlug/:activitySlug/:dateSlug/:type?/*', files: ['src/features/activities/routes/timetable-page.tsx'] },
  { path: 'venues/search', files: ['src/features/venues/routes/venue-search-page.tsx'] },
  { path: 'dev/outbox', files: ['src/features/outbox/routes/outbox-page.tsx'] },
  { path: ':venueSlug', files: ['src/features/venues/routes/venue-redirect.tsx'] },
  { path: ':venueSlug/:activitySlug', files: ['src/features/activities/routes/legacy-redirects.tsx'] },
  { path: ':venueSlug/:activitySlug/:dateSlug/:type?', files: ['src/features/activities/routes/legacy-redirects.tsx'] },
];

/** The account sub-domain's pages: the account area at its root (decision 061). */
export const accountOriginPages: RoutePage[] = inAccountArea('');
