import { bookingType } from './enums';
import { photo } from './photos';
import { z } from './zod-setup';

const categoryRef = z.object({ id: z.int32(), name: z.string(), slug: z.string() });

/**
 * A category as an activity (doc 2, section 3 "Activity (category)" and "Category"): the fields both readings
 * name, so the activity chooser and the category API read one shape.
 */
export const category = z.object({
  id: z.int32(),
  name: z.string(),
  slug: z.string(),
  booking_type: bookingType.nullable(),
  is_root: z.boolean(),
  browse_by_name: z.string(),
  allocation_strategy: z.string().nullable(),
  v2_type: z.enum(['classes', 'resources', 'ticketed']).nullable(),
  v1_type: z.enum(['class_templates', 'ad_hoc_templates', 'fast_ticket_templates']).nullable(),
  parent: categoryRef.nullable(),
  children: z.array(categoryRef.extend({ booking_type: bookingType.nullable() })),
  locations: z.array(z.object({ venue_slug: z.string() })),
  /** With usage checks (staff lists): whether it is in use and why. */
  in_use: z.object({ in_use: z.boolean(), reasons: z.array(z.string()) }).optional(),
  /** Ours (issue 13, decision 170): the activity's photo; null where the operator has none. */
  photo: photo.nullable().optional(),
  created_at: z.string(),
});
export type Category = z.infer<typeof category>;

export const venueCategoriesParams = z.object({ venue: z.string().min(1).max(255) });
export const venueCategoryParams = venueCategoriesParams.extend({ activitySlug: z.string().min(1).max(255) });
