import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { LoginModal } from '../../features/auth';
import { themeQueryOptions } from '../../features/tenancy';
import { useSelectedVenue } from '../../lib/selected-venue';
import { Breadcrumbs } from './breadcrumbs';
import { isEmbedded } from './embedded';
import { Footer } from './footer';
import { Header } from './header';
import { withoutTrailingSlash } from './without-trailing-slash';

/** The shell: skip link, header, breadcrumbs and page in main, footer, and the one login modal. */
export function AppLayout() {
  const { t } = useTranslation();
  const [embedded] = useState(isEmbedded);
  const venue = useSelectedVenue();
  const { data: theme } = useQuery(themeQueryOptions(venue));
  const trimmed = withoutTrailingSlash(useLocation());
  if (trimmed) return <Navigate to={trimmed} replace />;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-bold text-gray-900 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        {t('skipToMain')}
      </a>
      {embedded ? null : <Header logo={theme?.themeAppLogo} />}
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-[1264px] flex-1 px-4 py-6 outline-none">
        {embedded ? null : <Breadcrumbs />}
        <Outlet />
      </main>
      {embedded ? null : <Footer />}
      <LoginModal />
      <ScrollRestoration />
    </div>
  );
}
