import { dateFormats, dayBounds, dayjs, type Occurrence, type OccurrencesQuery, type Source, todayIn, toMoney } from '@app/contracts';
import { ticketTypeLabel } from '@app/domain';
import type { AuthedCtx, Ctx } from '../../http/context';
import { fieldError, notFound } from '../../lib/errors';
import { actingUserId } from '../auth/acting-for';
import { categoryWithDescendants } from '../catalogue/service';
import { requireVenue } from '../venues/service';
import { dayViews, occurrenceViews } from './occurrence-view';
import { datesWithSessions, ticketTypesOf } from './queries';

const dayOf = (c: Ctx, date: string | undefined) => dayBounds(date ?? todayIn(c.client.timezone, c.clock.now()), c.client.timezone);

/** One day of an activity (and its sub-activities) at a venue, in the client's timezone; today by default. */
export async function dayTimetable(
  c: Ctx,
  venueSlug: string,
  activitySlug: string,
  date: string | undefined,
  locationId?: number,
  source?: Source,
  selectedUserId?: number,
): Promise<Occurrence[]> {
  const venue = await requireVenue(c, venueSlug);
  const { ids } = await categoryWithDescendants(c, activitySlug);
  const { start, end } = dayOf(c, date);
  // Booking for someone (a linked user; for staff, a customer): the sessions show that person's bookings, places
  // and restrictions, not the caller's (decision 248). A visitor has nobody to book for; the name is ignored.
  const customerId = selectedUserId !== undefined && c.user ? await actingUserId(c as AuthedCtx, selectedUserId) : undefined;
  const options = { ...(source ? { source } : {}), ...(customerId !== undefined ? { customerId } : {}) };
  if (locationId === undefined) return dayViews(c, { venueId: venue.id, categoryIds: ids, from: start, to: end }, options);
  return occurrenceViews(
    c,
    { venueIds: [venue.id], categoryIds: ids, startsAfter: start, startsBefore: end, locationIds: [locationId] },
    options,
  );
}

/**
 * The fast-ticket rows of a day: each session's times, people, tags, what the customer can do and places left; for
 * the person booked for (`selected_user_id`) and through the desk's view (`source`) as the day timetable is.
 */
export async function fastTicketTimes(
  c: Ctx,
  venueSlug: string,
  activitySlug: string,
  date: string | undefined,
  source?: Source,
  selectedUserId?: number,
) {
  const sessions = await dayTimetable(c, venueSlug, activitySlug, date, undefined, source, selectedUserId);
  return sessions.map((o) => ({
    id: o.id,
    starts_at: o.starts_at.format_24_hour,
    ends_at: o.ends_at.format_24_hour,
    instructors: o.instructors,
    tags: o.tags,
    action_to_show: { status: o.bookable_action.action, message: o.bookable_action.message },
    capacity: { available: o.capacity.available, maximum: o.capacity.maximum },
    location_id: o.locations[0]?.id ?? null,
    location_name: o.friendly_location_name ?? o.location_name,
  }));
}

/** Days with sessions of a category at a venue, from today, keyed by their raw date. */
export async function timetableDates(c: Ctx, venueSlug: string, categorySlug: string, days: number) {
  const venue = await requireVenue(c, venueSlug);
  const { ids } = await categoryWithDescendants(c, categorySlug);
  const tz = c.client.timezone;
  const from = dayBounds(todayIn(tz, c.clock.now()), tz).start;
  const to = dayjs(from).add(days, 'day').toDate();
  const counts = await datesWithSessions(c.db, c.client.id, venue.id, ids, from, to, tz, c.clock.now());
  return Object.fromEntries(
    counts.map(({ day, sessions }) => [
      day,
      { raw: day, day: dayjs.tz(day, tz).format('ddd'), label: dayjs.tz(day, tz).format(dateFormats.sessionDay), sessions },
    ]),
  );
}

/** Ticket types of a ticketed activity at a venue, keyed by id. */
export async function ticketTypes(c: Ctx, venueSlug: string, categorySlug: string, activitySlug: string) {
  const venue = await requireVenue(c, venueSlug);
  const parent = await categoryWithDescendants(c, categorySlug);
  const { row } = await categoryWithDescendants(c, activitySlug);
  if (!parent.ids.includes(row.id)) throw notFound();
  const types = await ticketTypesOf(c.db, c.client.id, venue.id, row.id);
  return Object.fromEntries(
    types.map((t) => [
      String(t.id),
      {
        id: t.id,
        // The age band is part of the name a customer reads ('Junior (5-15)', decision 171).
        name: ticketTypeLabel(t.name, t.minAge, t.maxAge),
        reference: t.reference,
        attendees: t.attendees,
        price: toMoney(t.price, c.client.currency),
      },
    ]),
  );
}

export async function oneOccurrence(c: Ctx, id: string): Promise<Occurrence> {
  const [found] = await occurrenceViews(c, { ids: [id] });
  if (!found) throw notFound();
  return found;
}

/** How far an occurrences list may reach: a quarter. Without bounds it is the coming week. */
const MAX_RANGE_DAYS = 92;

/** A bound in the query: RFC 3339 as given, or 'YYYY-MM-DD HH:MM:SS' read in the client's timezone. */
const instant = (c: Ctx, text: string): Date =>
  /[Tt]/.test(text.slice(10, 11)) ? new Date(text) : dayjs.tz(text, dateFormats.text, c.client.timezone).toDate();

export async function listOccurrences(c: Ctx, q: OccurrencesQuery): Promise<Occurrence[]> {
  const startsAfter = q.starts_after ? instant(c, q.starts_after) : c.clock.now();
  const startsBefore = q.starts_before ? instant(c, q.starts_before) : dayjs(startsAfter).add(7, 'day').toDate();
  if (startsBefore <= startsAfter) throw fieldError({ starts_before: ['Must be after starts_after'] });
  if (startsBefore.getTime() - startsAfter.getTime() > MAX_RANGE_DAYS * 86_400_000) {
    throw fieldError({ starts_before: [`Must be within ${MAX_RANGE_DAYS} days of starts_after`] });
  }
  return occurrenceViews(
    c,
    {
      startsAfter,
      startsBefore,
      ...(q.venue_ids ? { venueIds: q.venue_ids } : {}),
      ...(q.category_ids ? { categoryIds: q.category_ids } : {}),
      ...(q.schedule_ids ? { scheduleIds: q.schedule_ids } : {}),
      ...(q.recurrence_ids ? { recurrenceIds: q.recurrence_ids } : {}),
      ...(q.location_ids ? { locationIds: q.location_ids } : {}),
      ...(q.booking_types ? { bookingTypes: q.booking_types } : {}),
      clashing: q.clashing,
    },
    { withContext: q.with_bookable_context ?? false, ...(q.source ? { source: q.source as Source } : {}) },
  );
}
