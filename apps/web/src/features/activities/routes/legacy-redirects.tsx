import { isDaySlug, toastMessages } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { NotFoundMessage } from '../../../components/error-pages';
import { PageSpinner } from '../../../components/spinner';
import { notifyError, toastDurations } from '../../../lib/notify';
import { useCategory } from '../api/get-category';

/**
 * /:venueSlug/:activitySlug (doc 2, section 2) goes to /location/{venue}/{activity}. When the venue or the activity
 * is missing or unknown, the toast "We couldn't find the activity you are looking for" shows for 3 seconds and the
 * app goes home.
 */
export function ActivityRedirect() {
  const { venueSlug = '', activitySlug = '' } = useParams();
  const category = useCategory(venueSlug, activitySlug);
  const navigate = useNavigate();
  const missing = !venueSlug || !activitySlug || category.isError;
  const toasted = useRef(false);
  useEffect(() => {
    if (!missing || toasted.current) return;
    toasted.current = true;
    notifyError(toastMessages.activityNotFound, { duration: toastDurations.short });
    navigate('/', { replace: true });
  }, [missing, navigate]);
  if (category.data) return <Navigate to={`/location/${venueSlug}/${category.data.slug}`} replace />;
  return <PageSpinner label={activitySlug} />;
}

/**
 * /:venueSlug/:activitySlug/:dateSlug and the same with a trailing /:type go to /location/{venue}/{activity}/{date}.
 * Anything that is not a venue, an activity there and a date is another path: the not-found page.
 */
export function DateRedirect() {
  const { venueSlug = '', activitySlug = '', dateSlug = '' } = useParams();
  const validDate = isDaySlug(dateSlug);
  const category = useCategory(venueSlug, validDate ? activitySlug : '');
  if (!validDate || category.isError) return <NotFoundMessage />;
  if (!category.data) return <PageSpinner label={activitySlug} />;
  return <Navigate to={`/location/${venueSlug}/${category.data.slug}/${dateSlug}`} replace />;
}
