import { bookingType } from './enums';
import { z } from './zod-setup';

/** Capacities up to the spec's limit, 4294967295 (an unsigned 32-bit count; the columns are bigint), so not int32. */
export const CAPACITY_MAX = 4_294_967_295;

export const occurrenceCapacity = z.discriminatedUnion('strategy', [
  z.object({ strategy: z.literal('shared'), capacity: z.number().int().min(1).max(CAPACITY_MAX) }),
  z.object({
    strategy: z.literal('split'),
    online: z.number().int().min(0).max(CAPACITY_MAX),
    foh: z.number().int().min(0).max(CAPACITY_MAX),
  }),
]);

/** Staff update of one occurrence (doc 2, "Occurrence update rules"). Every field is optional; sent fields replace. */
export const occurrenceUpdateBody = z
  .object({
    start_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time as HH:MM (24-hour)'),
    duration_minutes: z.int32().min(1).max(720),
    location_ids: z.array(z.int32().min(1)).min(1),
    friendly_location_name: z.string().min(1).max(255).nullable(),
    instructor_ids: z.array(z.int32().min(1)),
    capacity: occurrenceCapacity,
  })
  .partial()
  .strict();
export type OccurrenceUpdateBody = z.infer<typeof occurrenceUpdateBody>;

export const occurrenceDeletionReasons = [
  'location_closure',
  'opening_time_change',
  'schedule_change',
  'space_reduction',
  'adverse_weather',
  'booked',
  'unknown',
  'data_cleanup',
  'duplicate_activity',
  'block_booking_cancelled',
  'clash_detection_rules_changed',
  'staff_availability',
] as const;
export const occurrenceDeleteBody = z.object({ reason: z.enum(occurrenceDeletionReasons) });

const slug = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be lower-case letters, numbers and hyphens');

export const categoryCreateBody = z
  .object({
    name: z.string().trim().min(1).max(255),
    slug,
    booking_type: bookingType.nullable().default(null),
    parent_id: z.int32().min(1).nullable().default(null),
    browse_by_name: z.string().min(1).max(64).optional(),
  })
  .strict();
export type CategoryCreateBody = z.infer<typeof categoryCreateBody>;

export const categoryUpdateBody = z
  .object({
    name: z.string().trim().min(1).max(255),
    slug,
    booking_type: bookingType.nullable(),
    parent_id: z.int32().min(1).nullable(),
    browse_by_name: z.string().min(1).max(64),
  })
  .partial()
  .strict();
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBody>;

export const categoryListQuery = z.object({
  search: z.string().max(255).optional(),
  booking_type: bookingType.optional(),
  with_usage_checks: z.enum(['true', 'false', '1', '0']).optional(),
});
