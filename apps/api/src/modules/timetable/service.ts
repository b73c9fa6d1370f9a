import { dayBounds, type Occurrence, todayIn } from '@app/contracts';
import type { Ctx } from '../../http/context';
import { categoryWithDescendants } from '../catalogue/service';
import { requireVenue } from '../venues/service';
import { occurrenceViews } from './occurrence-view';

/** One day of an activity at a venue, in the client's timezone (today when no date is given). */
export async function dayTimetable(c: Ctx, venueSlug: string, activitySlug: string, date: string | undefined): Promise<Occurrence[]> {
  const venue = await requireVenue(c, venueSlug);
  const { ids } = await categoryWithDescendants(c, activitySlug);
  const { start, end } = dayBounds(date ?? todayIn(c.client.timezone, c.clock.now()), c.client.timezone);
  return occurrenceViews(c, { venueIds: [venue.id], categoryIds: ids, startsAfter: start, startsBefore: end });
}
