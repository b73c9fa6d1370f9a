import { toastMessages } from '@app/contracts';
import { ChevronRight } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { statusOf } from '../../../lib/api';
import { notifyError, toastDurations } from '../../../lib/notify';
import { useCategory } from '../api/get-category';
import { activityPath } from '../paths';
import { useVenueContext } from '../use-venue-context';

/**
 * /location/:venueSlug/:activitySlug: the activity's sub-activities; an activity with none goes straight to
 * today's timetable. An unknown activity says so and goes home (doc 2, section 2).
 */
export function ChooseSubActivityPage() {
  const { t } = useTranslation('activities');
  const { venueSlug = '', activitySlug = '' } = useParams();
  const { venue, today } = useVenueContext(venueSlug);
  const category = useCategory(venueSlug, activitySlug);
  const navigate = useNavigate();
  const missing = statusOf(category.error) === 404 && venue.isSuccess;
  usePage({
    title: category.data?.name,
    crumbs:
      venue.data && category.data ? [{ label: venue.data.name, to: `/location/${venueSlug}` }, { label: category.data.name }] : undefined,
  });

  useEffect(() => {
    if (!missing) return;
    notifyError(toastMessages.activityNotFound, { duration: toastDurations.short });
    navigate('/', { replace: true });
  }, [missing, navigate]);

  if (statusOf(venue.error) === 404) return <NotFoundMessage />;
  if (!venue.data || !category.data) return <PageSpinner label={t('chooseSubActivity')} />;
  if (category.data.children.length === 0) return <Navigate to={activityPath(venueSlug, category.data, today)} replace />;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-4xl font-bold">{category.data.name}</h1>
        <p className="mt-1 text-lg">{t('at', { venue: venue.data.name })}</p>
      </div>
      <h2 className="text-2xl font-bold">{t('chooseSubActivity')}</h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {category.data.children.map((child) => (
          <li key={child.slug}>
            <Link
              to={activityPath(venueSlug, child, today)}
              className="flex min-h-20 items-center justify-between gap-4 rounded-lg border border-gray-300 p-5 text-xl font-bold hover:border-primary hover:bg-primary-50"
            >
              <span>{child.name}</span>
              <ChevronRight aria-hidden="true" className="size-6 text-primary-text" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
