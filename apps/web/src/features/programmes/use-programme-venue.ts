import { useEffect } from 'react';
import { statusOf } from '../../lib/api';
import { selectVenue } from '../../lib/selected-venue';
import { useVenue } from '../venues';

/**
 * The venue of a course or camp page: loaded, and made the selected venue once it is known. Dates on these pages are
 * the API's local ones (a programme's and its sessions' `local` and `text`), so no timezone is needed here.
 */
export function useProgrammeVenue(venueSlug: string) {
  const venue = useVenue(venueSlug);
  useEffect(() => {
    if (venue.data) selectVenue(venue.data.slug);
  }, [venue.data]);
  return { venue, notFound: statusOf(venue.error) === 404 };
}
