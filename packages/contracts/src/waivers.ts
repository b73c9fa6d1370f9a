import { INT32_MAX } from './input';
import { restrictionTypes } from './programmes';
import { z } from './zod-setup';

/** A waiver still to agree for an attendee before the basket can be paid for (the /attendees page). */
export const attendeeWaiver = z.object({
  restriction_id: z.int32(),
  name: z.string(),
  type: z.enum(restrictionTypes),
  user_id: z.int32(),
  first_name: z.string(),
  last_name: z.string(),
  /** The basket lines it is needed for. */
  cart_item_ids: z.array(z.int32()),
});
export type AttendeeWaiver = z.infer<typeof attendeeWaiver>;

/** A waiver agreement as it is kept: the terms version agreed, when, and until when. */
export const waiverAgreement = z.object({
  id: z.int32(),
  restriction_id: z.int32(),
  user_id: z.int32(),
  agreed_by_user_id: z.int32(),
  terms_version: z.int32(),
  agreed_at: z.string(),
  expires_at: z.string().nullable(),
});
export type WaiverAgreement = z.infer<typeof waiverAgreement>;

/** GET {restriction}/question-waivers/previous-attendees (doc 1): params query and selected_user_id. */
export const previousAttendeesQuery = z.object({
  query: z.string().trim().max(255).optional(),
  selected_user_id: z.coerce.number().int().max(INT32_MAX).min(1).optional(),
});
export const restrictionParams = z.object({ restrictionId: z.coerce.number().int().min(1).max(INT32_MAX) });

/**
 * An attendee record (doc 1, "Attendees"): a person the caller books for, with their latest agreement of this
 * waiver (id, created_at) and the session in the basket it is needed for (occurrence, starts_at), when there is one.
 */
export const previousAttendee = z.object({
  id: z.int32().nullable(),
  user_id: z.int32(),
  user_reference: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  occurrence: z.object({ occurrence_id: z.string(), name: z.string() }).nullable(),
  starts_at: z.string().nullable(),
  created_at: z.string().nullable(),
  /** The latest agreement still counts (terms unchanged, not expired). */
  waiver_current: z.boolean(),
  /** The basket needs this waiver for this person. */
  required: z.boolean(),
});
export type PreviousAttendee = z.infer<typeof previousAttendee>;

/** POST question-waivers (doc 1): body waivers and selected_user_id. */
export const questionWaiversBody = z.object({
  waivers: z
    .array(
      z.object({
        restriction_id: z.int32().min(1),
        user_id: z.int32().min(1),
        /** The box ticked against the terms shown; anything but true is refused. */
        agreed: z.literal(true, { error: 'You must agree to the terms to continue.' }),
      }),
    )
    .min(1)
    .max(50),
  selected_user_id: z.int32().min(1).optional(),
});
export type QuestionWaiversBody = z.infer<typeof questionWaiversBody>;

/** Staff: change a restriction (new terms make everyone agree again) or create one. */
export const restrictionUpdateBody = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  terms: z.string().max(100_000).nullable().optional(),
  valid_for_days: z.int32().min(1).max(3650).nullable().optional(),
  related_category_id: z.int32().min(1).nullable().optional(),
});
export const restrictionCreateBody = restrictionUpdateBody.extend({
  name: z.string().trim().min(1).max(255),
  type: z.enum(restrictionTypes),
});

/** Staff: what a restriction gates (decision 150): schedules and categories, each with doc 2's criteria all or any. */
export const restrictionCriteria = z.enum(['all', 'any']);
export const restrictionAttachBody = z.object({ criteria: restrictionCriteria.default('all') });
export const restrictionScheduleParams = z.object({
  id: z.coerce.number().int().min(1).max(INT32_MAX),
  scheduleId: z.coerce.number().int().min(1).max(INT32_MAX),
});
export const restrictionCategoryParams = z.object({
  id: z.coerce.number().int().min(1).max(INT32_MAX),
  categoryId: z.coerce.number().int().min(1).max(INT32_MAX),
});
export const restrictionAttachments = z.object({
  restriction_id: z.int32(),
  schedules: z.array(z.object({ schedule_id: z.int32(), name: z.string(), criteria: restrictionCriteria })),
  categories: z.array(z.object({ category_id: z.int32(), name: z.string(), criteria: restrictionCriteria })),
});
export type RestrictionAttachments = z.infer<typeof restrictionAttachments>;
/** Staff: an induction a customer has done in person (met without booking its category here). */
export const restrictionCompletionBody = z.object({ user_id: z.int32().min(1) });
export const restrictionCompletion = z.object({ restriction_id: z.int32(), user_id: z.int32(), completed_at: z.string() });

/** Waiver and induction messages the spec does not word (ours). */
export const restrictionMessages = {
  agreeFirst: (name: string) => `Please agree to ${name} before booking.`,
  inductionFirst: (category: string) => `You need to book ${category} before you can book this.`,
  inductionFirstUnnamed: 'You need to complete an induction before you can book this.',
  notAWaiver: 'This is not a waiver that can be agreed to.',
  agreed: 'Thank you, your agreement has been saved.',
  notAnInduction: 'Only an induction can be recorded as done.',
} as const;
