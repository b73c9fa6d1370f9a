import { todayIn } from '@app/contracts';
import { useEffect } from 'react';
import { selectVenue } from '../../lib/selected-venue';
import { useClient } from '../tenancy';
import { useVenue } from '../venues';

/** The venue of an activity page: loaded, made the selected venue once it is known to exist, and today's date there. */
export function useVenueContext(venueSlug: string) {
  const venue = useVenue(venueSlug);
  const { data: client } = useClient();
  useEffect(() => {
    if (venue.data) selectVenue(venue.data.slug);
  }, [venue.data]);
  const today = todayIn(client?.timezone ?? 'Europe/London');
  return { venue, today };
}
