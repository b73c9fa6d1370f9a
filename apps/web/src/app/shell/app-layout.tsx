import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { bookingsHref } from '../../features/account';
import { KioskIdleLogout } from '../../features/kiosk';
import { themeQueryOptions } from '../../features/tenancy';
import { useSelectedVenue } from '../../lib/selected-venue';
import { kioskHomePath, useShellMode } from '../../lib/shell-mode';
import { RouteErrors } from '../errors/route-error';
import { PageLoading } from '../routing/page-loading';
import { ScrollRestoration } from '../routing/scroll-restoration';
import { AreaLink } from './area-link';
import { Breadcrumbs } from './breadcrumbs';
import { Favicon } from './favicon';
import { Footer } from './footer';
import { Header } from './header';
import { ShellBookingForNotice, ShellLoginModal } from './lazy-shell-pieces';
import { RouteFocus } from './route-focus';
import { withEmbeddedFlag } from './with-embedded-flag';
import { withoutTrailingSlash } from './without-trailing-slash';

/**
 * The shell: skip link, header, breadcrumbs and page in main, footer, and the one login modal. Embedded mode hides
 * header, footer and breadcrumbs; kiosk mode adds 'Back to Kiosk Home' and the idle logout (doc 1, sections 1-4).
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { t: tk } = useTranslation('kiosk');
  const { embedded, kiosk, centre } = useShellMode();
  const venue = useSelectedVenue();
  const { data: theme } = useQuery(themeQueryOptions(venue));
  const location = useLocation();
  const trimmed = withoutTrailingSlash(location);
  if (trimmed) return <Navigate to={trimmed} replace />;
  const flagged = withEmbeddedFlag(location, embedded);
  if (flagged) return <Navigate to={flagged} state={location.state} replace />;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-bold text-gray-900 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        {t('skipToMain')}
      </a>
      {embedded ? null : <Header logo={theme?.themeAppLogo} kioskHome={kiosk ? kioskHomePath(centre) : null} />}
      {/* With the footer, the page area is at least a screen tall: the footer starts below the fold and never moves as a page fills in. */}
      <main
        id="main-content"
        tabIndex={-1}
        className={`mx-auto w-full max-w-[1264px] flex-1 px-4 py-6 outline-none ${embedded ? '' : 'min-h-screen'}`}
      >
        {embedded && kiosk ? (
          <nav aria-label={tk('title')} className="mb-4">
            <AreaLink to={bookingsHref(kioskHomePath(centre))} className="font-bold text-primary-text underline underline-offset-2">
              {tk('backToKioskHome')}
            </AreaLink>
          </nav>
        ) : null}
        {embedded ? null : <Breadcrumbs />}
        <ShellBookingForNotice />
        {/* A page's failure (its code too) shows the error page inside the shell; while its code arrives, a spinner. */}
        <RouteErrors>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrors>
      </main>
      {embedded ? null : <Footer />}
      <ShellLoginModal />
      <KioskIdleLogout />
      <ScrollRestoration />
      <RouteFocus />
      <Favicon />
    </div>
  );
}
