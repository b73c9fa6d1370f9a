import { zonedDateTime } from './date-schemas';
import { bookableActionKind, bookingType, occurrenceStatus } from './enums';
import { money } from './money';
import { z } from './zod-setup';

export const bookableAction = z.object({
  action: bookableActionKind.nullable(),
  message: z.string().nullable(),
});
export type BookableAction = z.infer<typeof bookableAction>;

/** Counts in answers, up to the spec's capacity limit (4294967295), so not int32 like the ids a caller sends. */
export const capacity = z.object({
  available: z.number().int(),
  consumed: z.number().int(),
  maximum: z.number().int(),
});

const named = z.object({ id: z.int32(), name: z.string() });

const restrictionRef = z.object({
  id: z.int32(),
  name: z.string(),
  type: z.string(),
  criteria: z.enum(['all', 'any']),
  /** An induction: the category to book first. */
  related_category: z.object({ id: z.int32(), name: z.string(), slug: z.string() }).nullable().optional(),
});

/**
 * Doc 2: the pre-purchase waiver and induction the customer has still to meet (the first of each). Ours besides:
 * `pre_purchase_waivers`, every waiver (pre-purchase or enhanced) still to agree, when more than one gates the
 * booking (a category's and a course's), so each can be agreed with the add.
 */
export const occurrenceRestrictions = z.object({
  pre_purchase_waiver: restrictionRef.nullable(),
  pre_purchase_induction: restrictionRef.nullable(),
  pre_purchase_waivers: z.array(restrictionRef),
});

export const clash = z.object({
  type: z.enum(['instructors', 'locations', 'opening_times', 'closure']),
  message: z.string(),
  starts_at: z.string().optional(),
  ends_at: z.string().optional(),
  recurrence_id: z.int32().nullable().optional(),
  instructors: z.array(named).optional(),
  locations: z.array(named).optional(),
  closure_id: z.int32().optional(),
  location_ids: z.array(z.int32()).optional(),
});

export const ticket = z.object({
  id: z.int32(),
  name: z.string(),
  attendees: z.int32(),
  pricing_option: z.object({ id: z.int32(), name: z.string(), reference: z.string().nullable() }),
  price: money.optional(),
  extra_pricing_options: z.array(z.object({ id: z.int32(), name: z.string() })).optional(),
});

/** An occurrence: every field document 2, section 3 names. */
export const occurrence = z.object({
  id: z.string(),
  duration: z.int32(),
  interval_key: z.string().nullable(),
  schedule_id: z.int32(),
  recurrence_id: z.int32().nullable(),
  original_starts_at: z.string(),
  original_ends_at: z.string(),
  booking_type: bookingType,
  schedule_reference: z.string().nullable(),
  template_name: z.string(),
  template_description: z.string().nullable(),
  category_id: z.int32(),
  starts_at: zonedDateTime,
  ends_at: zonedDateTime,
  setup_time_in_minutes: z.int32(),
  teardown_time_in_minutes: z.int32(),
  status: occurrenceStatus,
  capacity,
  booking_strategy: z.enum(['sequential', 'overlapping']),
  price: money.optional(),
  /** Each location with its names from the space up to the venue: the first is the location, the last the venue. */
  locations: z.array(named.extend({ names: z.array(z.string()) })),
  location_name: z.string(),
  friendly_location_name: z.string().nullable(),
  instructors: z.array(named),
  tags: z.array(z.string()),
  restrictions: occurrenceRestrictions.nullable(),
  clashes: z.array(clash),
  allow_anonymous_bookings: z.boolean(),
  last_bookable_at: z.string().nullable(),
  tickets: z.array(ticket).optional(),
  block_booking_information: z
    .object({
      user_id: z.int32(),
      booking_id: z.int32(),
      booking_status: z.string(),
      is_paid: z.boolean(),
      tender_types: z.array(z.string()),
      payment_reference: z.string().nullable(),
    })
    .nullable()
    .optional(),
  can_cancel: z.boolean(),
  is_detached_from_recurrence: z.boolean(),
  bookable_action: bookableAction,
  waitlist: z.object({ maximum: z.int32(), available: z.int32(), consumed: z.int32() }).nullable(),
  /** Our addition: the signed-in customer's place in this session's waitlist queue (1 = next offered a place), else null. */
  waitlist_position: z.int32().nullable().optional(),
});
export type Occurrence = z.infer<typeof occurrence>;

export const timetableParams = z.object({
  venue: z.string().min(1).max(255),
  activity: z.string().min(1).max(255),
});
