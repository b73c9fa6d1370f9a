import type { BookingType } from '@app/contracts';

/**
 * Where an activity is booked from: courses and camps have their own pages (doc 2, section 2); every other kind is a
 * day's timetable under /location.
 */
export function activityPath(venue: string, activity: { slug: string; bookingType: BookingType | null }, day: string): string {
  if (activity.bookingType === 'courses' || activity.bookingType === 'camps')
    return `/${activity.bookingType}/location/${venue}/${activity.slug}`;
  return `/location/${venue}/${activity.slug}/${day}`;
}
