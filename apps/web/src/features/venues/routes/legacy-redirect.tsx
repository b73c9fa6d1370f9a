import { Navigate, useParams } from 'react-router';
import { NotFoundMessage } from '../../../components/error-pages';
import { PageSpinner } from '../../../components/spinner';
import { useVenue } from '../api/get-venue';

/**
 * Old short paths (doc 2, section 2): /:venueSlug, /:venueSlug/:activitySlug and /:venueSlug/:activitySlug/:dateSlug
 * go to the same place under /location. A first segment that is not a venue is an unknown path: not found.
 */
export function LegacyRedirect() {
  const { venueSlug, activitySlug, dateSlug } = useParams();
  const { data: venue, isPending, isError } = useVenue(venueSlug);
  if (isError) return <NotFoundMessage />;
  if (isPending || !venue) return <PageSpinner label={venueSlug ?? ''} />;
  const path = ['/location', venue.slug, activitySlug, dateSlug].filter(Boolean).join('/');
  return <Navigate to={path} replace />;
}
