import { zonedDateTime } from './date-schemas';
import { bookingType, sources } from './enums';
import { intId, queryBoolean } from './envelope';
import { INT32_MAX } from './input';
import { money } from './money';
import { occurrence } from './occurrences';
import { queryList, rfc3339 } from './query';
import { customQuestionSection } from './questions';
import { z } from './zod-setup';

const listFilters = {
  source: sources.optional(),
  category_ids: queryList(intId).optional(),
  category_slugs: queryList(z.string().min(1).max(255)).optional(),
  venue_ids: queryList(intId).optional(),
  venue_slugs: queryList(z.string().min(1).max(255)).optional(),
  starts_after: rfc3339.optional(),
  starts_before: rfc3339.optional(),
  page: z.coerce.number().int().max(INT32_MAX).min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
};

export const programmeListQuery = z.object({ ...listFilters, selected_user_id: intId.optional() });
/** One course (doc 2: source, filter_by_first_bookable_at, selected_user_id). */
export const programmeQuery = z.object({
  source: sources.optional(),
  filter_by_first_bookable_at: queryBoolean.optional(),
  selected_user_id: intId.optional(),
});
/** One camp (doc 2: source and selected_user_id; its detail page filters by venueSlugs and categorySlugs). */
export const campQuery = z.object({
  source: sources.optional(),
  selected_user_id: intId.optional(),
  venue_slugs: listFilters.venue_slugs,
  category_slugs: listFilters.category_slugs,
});
export const bookableCategoriesQuery = z.object({
  ...listFilters,
  filter_by_first_bookable_at: queryBoolean.optional(),
  selected_user_id: intId.optional(),
});

/** A course or camp schedule (doc 2, "Course schedule (API)" and "Camp schedule"). */
export const programme = z.object({
  id: z.int32(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  duration_in_weeks: z.int32(),
  category: z.object({ id: z.int32(), name: z.string(), slug: z.string(), booking_type: bookingType.nullable() }),
  venue: z.object({ id: z.int32(), name: z.string(), slug: z.string() }),
  /**
   * When its first session starts and its last ends, zoned like an occurrence's times (doc 2's camp detail reads
   * `startsAt {local}`): `local` is the client's wall clock, so the web counts days and weeks as the centre does.
   */
  starts_at: zonedDateTime.nullable(),
  ends_at: zonedDateTime.nullable(),
  instructors: z.array(z.string()),
  price: money.nullable(),
  pro_rata_price: money.nullable(),
  capacity: z.object({ available: z.number().int(), consumed: z.number().int(), maximum: z.number().int() }),
  allow_customer_book_course_after_start: z.boolean(),
  pricing_option_availability: z.array(z.enum(['bundled', 'individual'])).optional(),
  occurrences: z.array(occurrence),
  bookable_action: z.object({ action: z.string().nullable(), message: z.string().nullable() }),
  custom_question_sections: z.array(customQuestionSection),
  extras: z.array(z.object({ id: z.int32(), name: z.string(), price: money })),
});
export type Programme = z.infer<typeof programme>;

export const restrictionTypes = [
  'pre-purchase-waiver',
  'pre-purchase-induction',
  'post-purchase-waiver',
  'post-purchase-induction',
  'enhanced-pre-waiver',
] as const;
export const restriction = z.object({
  id: z.int32(),
  name: z.string(),
  type: z.enum(restrictionTypes),
  terms: z.string().nullable(),
  related_category: z.object({ id: z.int32(), name: z.string(), slug: z.string() }).nullable(),
  /** Goes up when the terms change; agreements to an older version no longer count. */
  terms_version: z.int32(),
  /** Days an agreement lasts; null: until the terms change. */
  valid_for_days: z.int32().nullable(),
});
export const restrictionListQuery = z.object({
  search: z.string().max(255).optional(),
  type: queryList(z.enum(['pre-purchase-waiver', 'pre-purchase-induction', 'enhanced-pre-waiver'])).optional(),
  page: z.coerce.number().int().max(INT32_MAX).min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const venueSearchQuery = z
  .object({
    search: z.string().trim().min(1).max(255).optional(),
    postcode: z
      .string()
      .trim()
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().min(5, 'Must contain at least 5 character(s)').max(7, 'Must contain at most 7 character(s)'))
      .optional(),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    radius: z.coerce.number().min(0).max(30).default(5),
  })
  .refine((q) => q.search !== undefined || q.postcode !== undefined || (q.lat !== undefined && q.lng !== undefined), {
    message: 'Enter a town or postcode, or share your location',
    path: ['search'],
  });
