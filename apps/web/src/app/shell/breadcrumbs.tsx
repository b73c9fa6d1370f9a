import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCrumbs } from '../../components/page-meta';
import { bookingsHref } from '../../features/account';
import { AreaLink } from './area-link';

/** The trail from Home to the current page; the page itself is the last crumb, not a link. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const crumbs = useCrumbs();
  if (!crumbs || crumbs.length === 0) return null;
  // Home is the booking home page, on the bookings sub-domain when the account area has its own.
  const trail = [{ label: t('home'), to: bookingsHref('/') }, ...crumbs];
  return (
    <nav aria-label={t('breadcrumbs')} className="mb-6">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {trail.map((crumb, i) => {
          const id = `${crumb.label}|${crumb.to ?? ''}`;
          const last = i === trail.length - 1;
          return (
            <li key={id} className="flex items-center gap-1">
              {last || !crumb.to ? (
                <span aria-current={last ? 'page' : undefined} className="text-gray-700">
                  {crumb.label}
                </span>
              ) : (
                <AreaLink to={crumb.to} className="text-primary-text underline underline-offset-2 hover:no-underline">
                  {crumb.label}
                </AreaLink>
              )}
              {last ? null : <ChevronRight aria-hidden="true" className="size-4 text-gray-600" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
