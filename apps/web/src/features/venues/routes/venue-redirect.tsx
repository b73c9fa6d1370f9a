import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { NotFoundMessage } from '../../../components/error-pages';
import { PageSpinner } from '../../../components/spinner';
import { selectVenue } from '../../../lib/selected-venue';
import { useVenue } from '../api/get-venue';

/**
 * /:venueSlug (doc 2, section 2): the venue in the path becomes the selected venue and the app goes to its
 * activities. A first segment that names no venue is any other path, so it is the not-found page.
 */
export function VenueRedirect() {
  const { venueSlug } = useParams();
  const { data: venue, isError } = useVenue(venueSlug);
  useEffect(() => {
    if (venue) selectVenue(venue.slug);
  }, [venue]);
  if (isError) return <NotFoundMessage />;
  if (!venue) return <PageSpinner label={venueSlug ?? ''} />;
  return <Navigate to={`/location/${venue.slug}`} replace />;
}
