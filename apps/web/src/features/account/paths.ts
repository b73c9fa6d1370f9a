/**
 * The account area's routes (doc 1, section 2), under ACCOUNT_URL's path on this origin ('/account' by default;
 * decision 061). Bookings on a phone open at /bookings/upcoming.
 */
export const ACCOUNT_BASE = '/account';

export const accountPaths = {
  dashboard: ACCOUNT_BASE,
  details: `${ACCOUNT_BASE}/user-details`,
  memberships: `${ACCOUNT_BASE}/memberships`,
  packages: `${ACCOUNT_BASE}/packages`,
  bookings: `${ACCOUNT_BASE}/bookings`,
  bookingsUpcoming: `${ACCOUNT_BASE}/bookings/upcoming`,
  bookingsPast: `${ACCOUNT_BASE}/bookings/past`,
  guestPasses: `${ACCOUNT_BASE}/guest-passes`,
  payments: `${ACCOUNT_BASE}/payments`,
  linkedUsers: `${ACCOUNT_BASE}/linked-users`,
} as const;

/** Where "My account" points: this origin's account area, or the configured account origin (the sub-domain split). */
export function accountHref(accountUrl: string | undefined, path: string = ACCOUNT_BASE): string {
  if (!accountUrl || accountUrl.startsWith('/')) return path;
  const origin = new URL(accountUrl);
  return new URL(path, origin.origin).toString();
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
