import { zonedDateTime } from './date-schemas';
import { bookingStatus, bookingType } from './enums';
import { queryBoolean } from './envelope';
import { INT32_MAX } from './input';
import { money } from './money';
import { occurrenceRestrictions } from './occurrences';
import { restrictionTypes } from './programmes';
import { queryList, rfc3339 } from './query';
import { answeredSection } from './questions';
import { z } from './zod-setup';

/**
 * Bookings and booking bundles as doc 2 describes them ("Booking", "Booking bundle", "Cancellation info"), the staff
 * bookings list query, and the booking and bundle updates (docs/decisions/083-bookings-and-bundles.md).
 */

export const cancellationSources = ['customers', 'foh', 'my-account', 'occurrence'] as const;
export const cancellationSource = z.enum(cancellationSources);
export const attendanceStatus = z.enum(['attended', 'absent']);

/** Doc 2: a bundle booking identifier is a 34-character string of letters, digits, underscore or hyphen. */
export const bundleId = z.string().regex(/^[A-Za-z0-9_-]{34}$/, 'Must be a booking bundle identifier');

export const cancellationInfo = z.object({
  can_cancel: z.boolean(),
  cannot_cancel_reason: z.string().nullable(),
  cut_off: z.string().nullable(),
  cut_off_actions: z.array(z.enum(['charge_fee', 'disable_booking', 'disable_access', 'disable_cancelling'])),
  cut_off_message: z.string().nullable(),
  awards_credit: z.boolean(),
  awards_credit_message: z.string().nullable(),
});
export type CancellationInfo = z.infer<typeof cancellationInfo>;

const ref = z.object({ id: z.int32(), name: z.string(), slug: z.string() });
const named = z.object({ id: z.int32(), name: z.string() });

export const bookingRecord = z.object({
  duration: z.int32(),
  is_v2: z.boolean(),
  id: z.int32(),
  user_id: z.int32(),
  /** Our users have no UUID; always null. */
  user_uuid: z.string().nullable(),
  user_reference: z.string(),
  occurrence_id: z.string(),
  order_id: z.int32().nullable(),
  starts_at: zonedDateTime,
  ends_at: zonedDateTime,
  status: bookingStatus,
  booking_type: bookingType,
  booking_bundle_context: z
    .object({ id: z.string(), total_settled_bookings: z.int32(), settled_booking_position: z.int32().nullable() })
    .nullable(),
  category: ref,
  name: z.string(),
  description: z.string().nullable(),
  capacity_consumed: z.number().int(),
  /** Null while reserved. */
  price: money.nullable(),
  venue: ref,
  locations: z.array(named),
  location_name: z.string(),
  instructors: z.array(named),
  attended: attendanceStatus.nullable(),
  cancellation: cancellationInfo,
  cancellation_source: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  order: z.object({ id: z.int32(), status: z.string() }).nullable(),
});
export type BookingRecord = z.infer<typeof bookingRecord>;

export const agreedWaiver = z.object({
  restriction_id: z.int32(),
  name: z.string(),
  type: z.enum(restrictionTypes),
  terms_version: z.int32(),
  agreed_at: z.string(),
});

export const bookingBundle = z.object({
  id: z.string(),
  status: bookingStatus,
  booking_type: z.enum(['courses', 'camps']),
  schedule_id: z.int32(),
  name: z.string(),
  description: z.string().nullable(),
  venue: ref,
  category: ref,
  instructors: z.array(z.string()),
  /** The attendee. */
  user: z.object({ id: z.int32(), first_name: z.string(), last_name: z.string(), reference: z.string() }),
  order_id: z.int32().nullable(),
  /** Camps: bought as the whole camp (true) or chosen sessions (false); null for courses. */
  booking_full_camp: z.boolean().nullable(),
  bookings: z.array(bookingRecord),
  /** Null while reserved. */
  total_price: money.nullable(),
  extras: z.array(z.object({ pricing_option_id: z.int32(), name: z.string(), quantity: z.int32(), price: money })),
  cancellation: cancellationInfo,
  custom_question_sections: z.array(answeredSection),
  /** Waivers agreed for this booking, with the terms version agreed. */
  waivers: z.array(agreedWaiver),
  created_at: z.string(),
});
export type BookingBundle = z.infer<typeof bookingBundle>;

/** Get or cancel a booking or bundle: query cancellation_source and selected_user_id (doc 2). */
export const bookingReadQuery = z.object({
  cancellation_source: cancellationSource.optional(),
  selected_user_id: z.coerce.number().int().max(INT32_MAX).min(1).optional(),
});
export const bundleParams = z.object({ bundleId });
export const bookingParams = z.object({ bookingId: z.coerce.number().int().min(1).max(INT32_MAX) });

/** The customer's own bundles (My account). */
export const myBundlesQuery = z.object({
  selected_user_id: z.coerce.number().int().max(INT32_MAX).min(1).optional(),
  order_id: z.coerce.number().int().min(1).max(INT32_MAX).optional(),
  page: z.coerce.number().int().max(INT32_MAX).min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** Doc 2's bookings list query; staff only. */
export const bookingListQuery = z.object({
  occurrence_id: z.string().min(1).max(64).optional(),
  user_id: z.coerce.number().int().min(1).max(INT32_MAX).optional(),
  starts_after: rfc3339.optional(),
  starts_before: rfc3339.optional(),
  status: queryList(bookingStatus).default(['settled']),
  cancellation_source: cancellationSource.optional(),
  selected_user_id: z.coerce.number().int().min(1).max(INT32_MAX).optional(),
  page: z.coerce.number().int().max(INT32_MAX).min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  bypass_pagination: queryBoolean.optional(),
});
export type BookingListQuery = z.infer<typeof bookingListQuery>;

/** The most rows bypass_pagination answers with, so no call can ask for every booking there is. */
export const bookingListBypassLimit = 1000;

const cancellationUpdate = z.object({
  update_type: z.literal('cancellation'),
  cancellation_source: cancellationSource,
  booking_ids: z.array(z.int32().min(1)).min(1).max(200).optional(),
});
const attendanceUpdate = z.object({
  booking_ids: z.array(z.int32().min(1)).min(1).max(200).optional(),
  status: attendanceStatus,
});

/**
 * A booking or bundle update (doc 2): update_type cancellation with a cancellation_source (and, for a bundle, the
 * booking_ids to cancel, else all), or booking_ids with an attendance status. The body may come wrapped in `data`.
 */
export const bookingUpdateBody = z.preprocess(
  (v) =>
    v && typeof v === 'object' && 'data' in v && typeof (v as { data: unknown }).data === 'object' ? (v as { data: unknown }).data : v,
  z.union([cancellationUpdate, attendanceUpdate]),
);
export type BookingUpdateBody = z.infer<typeof bookingUpdateBody>;

export const bookingRecordMessages = {
  notStarted: 'This session has not started yet.',
  started: 'This booking has already started.',
  notSettled: 'Only paid bookings can be changed.',
  bundleCancelled: 'The booking has been cancelled.',
  attendanceSaved: 'Attendance has been saved.',
  notInBundle: 'The booking is not part of this booking.',
  wrongSource: 'Customers cancel their own bookings from My account.',
} as const;

/**
 * Waitlist offers (issue 11, our design: docs/decisions/102-waitlist-offers.md): a place held for someone on a
 * session's waitlist, reached by the secret link in their email, and the customer's waitlist places in My account.
 */
export const waitlistOffer = z.object({
  occurrence_id: z.string(),
  name: z.string(),
  starts_at: zonedDateTime,
  status: z.enum(['waiting', 'offered', 'accepted', 'expired']),
  expires_at: z.string().nullable(),
  price: money,
  /**
   * What the person offered the place must meet first, as a session's restrictions read (the waivers to agree on
   * accepting, an induction to do first); null when nothing is in the way.
   */
  restrictions: occurrenceRestrictions.nullable(),
});
export type WaitlistOffer = z.infer<typeof waitlistOffer>;
export const waitlistOfferParams = z.object({ token: z.string().min(16).max(128) });
/** Accepting an offer: the pre-purchase waivers agreed with it, as a basket add names them (activity_restriction_ids). */
export const waitlistOfferAcceptBody = z.preprocess(
  // The link's plain POST (no body) accepts with nothing agreed, as it always has.
  (v) => v ?? {},
  z.object({ activity_restriction_ids: z.array(z.int32().min(1)).max(20).default([]) }),
);

export const myWaitlistEntry = z.object({
  id: z.number().int(),
  occurrence_id: z.string(),
  name: z.string(),
  starts_at: zonedDateTime,
  status: z.enum(['waiting', 'offered', 'accepted', 'expired']),
  /** 1 for the next person to be offered a place; null unless waiting. */
  position: z.number().int().nullable(),
  /** While offered: the link's token and when the hold ends. */
  offer: z.object({ token: z.string(), expires_at: z.string() }).nullable(),
});
export type MyWaitlistEntry = z.infer<typeof myWaitlistEntry>;
