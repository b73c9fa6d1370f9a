import { linkToArea } from '../../lib/shell-mode';

/**
 * The account area's routes (doc 1, section 2), under a base that is `/account` on one origin, or `` (the root) on
 * the account sub-domain of the sub-domain split (decision 061). Bookings on a phone open at /bookings/upcoming.
 * The app learns where it is from GET /api/client at start-up (configureAreas), before the routes are made.
 */
interface Areas {
  /** This page is on the account sub-domain: the account routes are at the root, the booking pages elsewhere. */
  onAccountOrigin: boolean;
  /** The bookings sub-domain's origin under the split, else '/' (this origin). */
  bookingsUrl: string;
}

let areas: Areas = { onAccountOrigin: false, bookingsUrl: '/' };

const absolute = (url: string | undefined): url is string => Boolean(url && /^https?:\/\//.test(url));

/** Decides, once at start-up, whether this page is on the account sub-domain (the origin account_url names). */
export function configureAreas(client: { accountUrl: string; bookingsUrl: string } | null, origin: string = window.location.origin): void {
  const onAccountOrigin = absolute(client?.accountUrl) && new URL(client.accountUrl).origin === origin;
  areas = { onAccountOrigin, bookingsUrl: client?.bookingsUrl ?? '/' };
}

export const isAccountOrigin = (): boolean => areas.onAccountOrigin;

/** '/account' on one origin, '' at the root of the account sub-domain. */
export const accountBase = (): string => (areas.onAccountOrigin ? '' : '/account');

/** Each account page's path below the base. */
const pages = {
  dashboard: '',
  details: '/user-details',
  memberships: '/memberships',
  packages: '/packages',
  bookings: '/bookings',
  bookingsUpcoming: '/bookings/upcoming',
  bookingsPast: '/bookings/past',
  guestPasses: '/guest-passes',
  payments: '/payments',
  linkedUsers: '/linked-users',
} as const;

export type AccountPage = keyof typeof pages;

/** Each account page's path, read when used, so it follows the base chosen at start-up. */
export const accountPaths = Object.defineProperties(
  {},
  Object.fromEntries(Object.entries(pages).map(([key, page]) => [key, { get: () => `${accountBase()}${page}` || '/', enumerable: true }])),
) as { readonly [K in AccountPage]: string };

/**
 * Where "My account" (or another account page) points: its path when the account area is on this origin (one
 * origin, or this is the account sub-domain), else that page at the root of the account sub-domain.
 */
export function accountHref(accountUrl: string | undefined, page: AccountPage = 'dashboard'): string {
  if (areas.onAccountOrigin || !absolute(accountUrl)) return accountPaths[page];
  return new URL(pages[page] || '/', new URL(accountUrl).origin).toString();
}

/**
 * Where a booking page (home, booking links, basket, log-in pages) points: its path, or on the account sub-domain
 * that page on the bookings sub-domain, carrying the embedded and kiosk flags since storage does not cross origins.
 */
export function bookingsHref(path: string): string {
  if (!areas.onAccountOrigin || !absolute(areas.bookingsUrl)) return path;
  return linkToArea(new URL(path, new URL(areas.bookingsUrl).origin).toString());
}

export type AccountNavKey = 'dashboard' | 'details' | 'memberships' | 'packages' | 'bookings' | 'guestPasses' | 'payments' | 'linkedUsers';

/** The account navigation (doc 1, section 2); Guest passes only when the client offers them online. */
export function accountNavItems(guestPassesEnabled: boolean): { key: AccountNavKey; to: string; end?: boolean }[] {
  return [
    { key: 'dashboard', to: accountPaths.dashboard, end: true },
    { key: 'details', to: accountPaths.details },
    { key: 'memberships', to: accountPaths.memberships },
    { key: 'packages', to: accountPaths.packages },
    { key: 'bookings', to: accountPaths.bookings },
    ...(guestPassesEnabled ? [{ key: 'guestPasses' as const, to: accountPaths.guestPasses }] : []),
    { key: 'payments', to: accountPaths.payments },
    { key: 'linkedUsers', to: accountPaths.linkedUsers },
  ];
}
