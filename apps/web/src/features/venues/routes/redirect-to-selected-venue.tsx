import { toastMessages } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { Navigate, useParams } from 'react-router';
import { notifyInfo } from '../../../lib/notify';
import { getSelectedVenue } from '../../../lib/selected-venue';

const prefixes = { activity: '/location', course: '/courses/location', camp: '/camps/location' } as const;

/**
 * /redirect-to-selected-venue (and the course and camp variants): to the venue in the route, else the selected
 * one; with neither, the toast 'Please select a venue before booking an activity' and home (doc 2, section 2).
 */
export function RedirectToSelectedVenue({ kind = 'activity' }: { kind?: keyof typeof prefixes }) {
  const { venueSlug } = useParams();
  const venue = venueSlug ?? getSelectedVenue();
  const toasted = useRef(false);
  useEffect(() => {
    if (!venue && !toasted.current) {
      toasted.current = true;
      notifyInfo(toastMessages.selectVenue);
    }
  }, [venue]);
  return <Navigate to={venue ? `${prefixes[kind]}/${venue}` : '/'} replace />;
}
