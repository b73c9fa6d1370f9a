import { daySlug } from './date-schemas';
import { bookingType, sources } from './enums';
import { intId, queryBoolean } from './envelope';
import { money } from './money';
import { instantText, queryList } from './query';
import { z } from './zod-setup';

/** source: the desk (staff) asks for `foh` to see the front-of-house share of a split capacity (decision 162). */
/**
 * A day's sessions, and one court's. selected_user_id (ours on these calls, as doc 2 gives it on the course and camp
 * calls): whose bookings and restrictions the sessions show, when a customer books for a linked user (decision 248).
 */
export const dayQuery = z.object({
  date: daySlug.optional(),
  source: z.enum(['online', 'foh']).optional(),
  selected_user_id: intId.optional(),
});
export const slotsQuery = z.object({ date: daySlug.optional(), location_id: intId.optional(), selected_user_id: intId.optional() });

export const clashingFilter = z.enum(['only_clashing', 'only_non_clashing', 'all']);

/** The occurrences list with every filter of document 2, section 7. */
export const occurrencesQuery = z.object({
  starts_after: instantText.optional(),
  starts_before: instantText.optional(),
  venue_ids: queryList(intId, { min: 1 }).optional(),
  source: sources.optional(),
  category_ids: queryList(intId).optional(),
  schedule_ids: queryList(intId).optional(),
  recurrence_ids: queryList(intId).optional(),
  location_ids: queryList(intId).optional(),
  clashing: clashingFilter.default('all'),
  with_bookable_context: queryBoolean.optional(),
  booking_types: queryList(bookingType).optional(),
});
export type OccurrencesQuery = z.infer<typeof occurrencesQuery>;

/** A fast-ticket time (doc 2): the row of a ticketed day. */
export const fastTicketTime = z.object({
  id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  instructors: z.array(z.object({ id: z.int32(), name: z.string() })),
  tags: z.array(z.string()),
  action_to_show: z.object({ status: z.string().nullable(), message: z.string().nullable() }),
  capacity: z.object({ available: z.number().int(), maximum: z.number().int() }),
  location_id: z.int32().nullable(),
  location_name: z.string(),
});

export const ticketType = z.object({
  id: z.int32(),
  name: z.string(),
  reference: z.string().nullable(),
  attendees: z.int32(),
  price: money,
});

/** A day that has sessions, keyed by its raw value in the dates call. */
export const timetableDate = z.object({ raw: z.string(), day: z.string(), label: z.string(), sessions: z.int32() });

export const ticketsParams = z.object({
  venue: z.string().min(1).max(255),
  category: z.string().min(1).max(255),
  activity: z.string().min(1).max(255),
});
export const datesParams = z.object({ venue: z.string().min(1).max(255), category: z.string().min(1).max(255) });
export const datesQuery = z.object({ days: z.coerce.number().int().min(1).max(92).default(28) });

export const waitlistAddBody = z.object({ item: z.object({ id: z.string().min(1).max(64), type: z.string().min(1).max(64) }) });
export const waitlistMemberBody = z.object({ data: z.object({ user_id: z.int32().min(1) }) });
export const waitlistEntry = z.object({
  id: z.int32(),
  user_id: z.int32(),
  user_reference: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  occurrence: z.object({ occurrence_id: z.string(), name: z.string() }),
  starts_at: z.string(),
  created_at: z.string(),
});
