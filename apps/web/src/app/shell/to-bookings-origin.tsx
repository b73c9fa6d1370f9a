import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageSpinner } from '../../components/spinner';
import { bookingsHref } from '../../features/account';

/**
 * On the account sub-domain, any other path is a booking page (a link inside a page, a log-in page, a bookmark):
 * the browser goes to that page on the bookings sub-domain, which also shows the not-found page for a real unknown.
 */
export function ToBookingsOrigin() {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const target = bookingsHref(`${pathname}${search}${hash}`);
  useEffect(() => {
    window.location.replace(target);
  }, [target]);
  return <PageSpinner label={t('loading')} />;
}
