import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage, MaintenanceMessage } from '../../components/error-pages';
import { Spinner } from '../../components/spinner';
import { themeQueryOptions } from '../../features/tenancy';
import { statusOf } from '../../lib/api';
import { useSelectedVenue } from '../../lib/selected-venue';
import { applyTheme } from './apply-theme';
import { waitForFonts } from './fonts';

/**
 * Loads the selected venue's theme (the client's when the venue has none), sets its CSS variables on :root and
 * waits for its fonts, with a spinner until then. A 503 shows the maintenance page; any other failure the
 * generic error page (doc 1, section 4).
 */
export function ThemeGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const venue = useSelectedVenue();
  const theme = useQuery({ ...themeQueryOptions(venue), placeholderData: keepPreviousData });
  const [ready, setReady] = useState(false);

  useLayoutEffect(() => {
    if (!theme.data) return;
    const families = applyTheme(theme.data);
    let live = true;
    void waitForFonts(families).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [theme.data]);

  if (theme.isError && !theme.data) {
    return statusOf(theme.error) === 503 ? <MaintenanceMessage /> : <ErrorMessage standalone />;
  }
  if (!ready) {
    return (
      <main id="main-content" className="flex min-h-screen items-center justify-center">
        <Spinner label={t('loading')} />
      </main>
    );
  }
  return <>{children}</>;
}
