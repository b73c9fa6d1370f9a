import { useEffect } from 'react';
import { statusOf } from '../../lib/api';
import { selectVenue } from '../../lib/selected-venue';
import { useClient } from '../tenancy';
import { useVenue } from '../venues';

/** The venue of a course or camp page: loaded, made the selected venue once it is known, with the client's timezone. */
export function useProgrammeVenue(venueSlug: string) {
  const venue = useVenue(venueSlug);
  const { data: client } = useClient();
  useEffect(() => {
    if (venue.data) selectVenue(venue.data.slug);
  }, [venue.data]);
  return { venue, notFound: statusOf(venue.error) === 404, timezone: client?.timezone ?? 'Europe/London' };
}
