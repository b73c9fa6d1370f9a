import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage, MaintenanceMessage } from '../../components/error-pages';
import { Spinner } from '../../components/spinner';
import { themeQueryOptions } from '../../features/tenancy';
import { statusOf } from '../../lib/api';
import { useSelectedVenue } from '../../lib/selected-venue';
import { applyTheme } from './apply-theme';

/**
 * Sets the selected venue's theme (the client's when the venue has none) as CSS variables on :root before the app
 * paints. The page usually arrives with the theme in it (decision 086), so the app renders at once; otherwise a
 * spinner shows while it loads. Fonts are never waited for: they swap in when they arrive (decision 087). A 503
 * shows the maintenance page; any other failure the generic error page (doc 1, section 4).
 */
export function ThemeGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const venue = useSelectedVenue();
  const theme = useQuery({ ...themeQueryOptions(venue), placeholderData: keepPreviousData });

  // A layout effect runs before the browser paints the children rendered with it, so they never show unthemed.
  useLayoutEffect(() => {
    if (theme.data) applyTheme(theme.data);
  }, [theme.data]);

  if (theme.isError && !theme.data) {
    return statusOf(theme.error) === 503 ? <MaintenanceMessage /> : <ErrorMessage standalone />;
  }
  if (!theme.data) {
    return (
      <main id="main-content" className="flex min-h-screen items-center justify-center">
        <Spinner label={t('loading')} />
      </main>
    );
  }
  return <>{children}</>;
}
