import { intId } from './envelope';
import { z } from './zod-setup';

/**
 * The desk's cancelling for a customer, walk-ins on a register, and a customer's own penalties (issue 15;
 * docs/decisions/165-167). Our wording: the spec has no staff screens (docs/decisions/006).
 */
export const deskRegisterMessages = {
  bookingCancelled: 'Booking cancelled.',
  waiveReasonRequired: 'Give a reason for waiving the charge.',
  walkInAdded: 'Walk-in added.',
  noRoom: 'There is no room left on this session.',
  sessionOver: 'This session has ended or been cancelled.',
} as const;

/** What cancelling a booking at the desk now would do (the cancellation policy and the late-cancellation penalty). */
export const deskCancellationPreview = z.object({
  can_cancel: z.boolean(),
  cannot_cancel_reason: z.string().nullable(),
  /** The cut-off has passed: a fee or penalty may apply, which staff may waive. */
  inside: z.boolean(),
  /** Withheld from what goes back (the cancellation policy's fee). */
  fee: z.int32(),
  /** Owed by the customer beyond what goes back. */
  fee_owed: z.int32(),
  amount_back: z.int32(),
  outcome: z.enum(['refund', 'general_credit', 'membership_credit', 'none']),
  /** The operator's late-cancellation penalty a cancellation now records. */
  penalty: z
    .discriminatedUnion('type', [z.object({ type: z.literal('fee'), amount: z.int32() }), z.object({ type: z.literal('strike') })])
    .nullable(),
  message: z.string().nullable(),
  /** The same cancellation with the charge waived. */
  waived: z.object({ amount_back: z.int32() }),
});
export type DeskCancellationPreview = z.infer<typeof deskCancellationPreview>;

/** One of a customer's upcoming paid bookings, as the desk's record lists it. */
export const deskBooking = z.object({
  id: z.int32(),
  occurrence_id: z.string(),
  name: z.string(),
  venue: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  price: z.int32().nullable(),
  source: z.string(),
  cancellation: deskCancellationPreview,
});
export type DeskBooking = z.infer<typeof deskBooking>;

export const deskBookingParams = z.object({ customerId: intId, bookingId: intId });

/** Cancel at the desk; waiving the charge needs a reason (kept in the audit log). */
export const deskCancelBody = z
  .object({ waive_charge: z.boolean().default(false), reason: z.string().trim().max(500).optional() })
  .superRefine((b, ctx) => {
    if (b.waive_charge && (b.reason ?? '').length < 3)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: deskRegisterMessages.waiveReasonRequired });
  });
export type DeskCancelBody = z.infer<typeof deskCancelBody>;

export const deskCancelResult = z.object({
  booking_id: z.int32(),
  card_refund: z.int32(),
  credit: z.int32(),
  off_system: z.int32(),
  fee: z.int32(),
  waived: z.boolean(),
});
export type DeskCancelResult = z.infer<typeof deskCancelResult>;

/** Add a walk-in to a register: an existing customer of this client. */
export const walkInBody = z.object({ user_id: z.int32().min(1) });
export type WalkInBody = z.infer<typeof walkInBody>;

/** A customer's own penalty, as My account lists it. */
export const accountPenalty = z.object({
  id: z.int32(),
  reason: z.string(),
  amount: z.int32(),
  status: z.enum(['outstanding', 'paid', 'waived']),
  booking: z.object({ id: z.int32(), name: z.string(), starts_at: z.string() }).nullable(),
  created_at: z.string(),
});
export type AccountPenalty = z.infer<typeof accountPenalty>;
