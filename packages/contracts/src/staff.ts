import { customer } from './auth';
import { daySlug } from './date-schemas';
import { intId } from './envelope';
import { z } from './zod-setup';

/** Staff roles per client (decision 125). The back office adds what managers and administrators may do. */
export const staffRole = z.enum(['front_desk', 'manager', 'administrator']);
export type StaffRole = z.infer<typeof staffRole>;

/** The staff console's settings a client has not set. */
export const staffDefaults = { deskIdleMinutes: 15 } as const;
/** The bounds an operator may set the desk's idle timeout within: a minute to a working day. */
export const deskIdleBounds = { min: 1, max: 480 } as const;

/** Our wording for the staff console (the spec has no staff screens; docs/decisions/006). */
export const staffMessages = {
  deskTimedOut: 'This desk session has timed out. Please log in again.',
  settingsSaved: 'Settings saved.',
  customerRegistered: 'Customer registered.',
  searchTooShort: 'Type at least two characters.',
  penaltyWaived: 'Penalty waived.',
  strikeWaived: 'Strike waived.',
  penaltyPolicySaved: 'Penalty policy saved.',
} as const;

/** GET /api/staff/me: who is at the desk, what they may do, and when the desk logs them out. */
export const staffMe = z.object({
  id: z.int32(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  roles: z.array(staffRole),
  client: z.object({ id: z.int32(), identifier: z.string(), name: z.string() }),
  desk_idle_minutes: z.int32(),
});
export type StaffMe = z.infer<typeof staffMe>;

export const staffSettings = z.object({ desk_idle_minutes: z.int32() });
export type StaffSettings = z.infer<typeof staffSettings>;

export const staffSettingsBody = z.object({
  desk_idle_minutes: z.int32().min(deskIdleBounds.min).max(deskIdleBounds.max),
});
export type StaffSettingsBody = z.infer<typeof staffSettingsBody>;

/** One row of the audit log. */
export const auditEntry = z.object({
  id: z.int32(),
  action: z.string(),
  staff: z.object({ id: z.int32(), name: z.string() }),
  customer: z.object({ id: z.int32(), name: z.string(), reference: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z.object({
  customer_id: intId.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});

/** As-you-type customer search: a name, email, reference, phone number or barcode (prefix matches, decision 127). */
export const customerSearchQuery = z.object({
  q: z.string().trim().min(2).max(100),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type CustomerSearchQuery = z.infer<typeof customerSearchQuery>;

export const customerHit = z.object({
  id: z.int32(),
  reference: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  barcode: z.string().nullable(),
  date_of_birth: z.string().nullable(),
});
export type CustomerHit = z.infer<typeof customerHit>;

export const customerIdParams = z.object({ customerId: intId });

/** The desk's view of a customer: details and what the record's tabs need first. */
export const staffCustomerRecord = z.object({
  customer: customer.extend({ barcode: z.string().nullable() }),
  credit: z.object({
    balance: z.int32(),
    ledger: z.array(z.object({ amount: z.int32(), kind: z.string(), reason: z.string(), created_at: z.string() })),
  }),
  penalties: z.array(
    z.object({
      id: z.int32(),
      reason: z.string(),
      amount: z.int32(),
      status: z.string(),
      booking_id: z.int32().nullable(),
      created_at: z.string(),
    }),
  ),
  has_outstanding_penalties: z.boolean(),
  linked_users: z.array(
    z.object({
      id: z.int32(),
      first_name: z.string(),
      last_name: z.string(),
      reference: z.string(),
      relation: z.enum(['linked_to', 'linked_from']),
      status: z.string(),
    }),
  ),
  waivers: z.array(z.object({ restriction_id: z.int32(), name: z.string(), agreed_at: z.string() })),
  /** Every membership, live or not, newest first (decision 238). */
  memberships: z.array(
    z.object({ id: z.int32(), name: z.string(), status: z.string(), starts_at: z.string(), ends_at: z.string().nullable() }),
  ),
  packages: z.array(z.object({ id: z.int32(), name: z.string(), uses_remaining: z.int32(), expires_at: z.string() })),
  /** The latest 20 bookings that ended or were cancelled, latest first; upcoming ones come from the desk's bookings list. */
  past_bookings: z.array(
    z.object({
      id: z.int32(),
      name: z.string(),
      venue: z.string(),
      starts_at: z.string(),
      status: z.enum(['settled', 'cancelled']),
      attended: z.enum(['attended', 'absent']).nullable(),
    }),
  ),
  /** Strikes from no-shows and late cancellations; staff may waive one with a reason. */
  strikes: z.array(z.object({ booking_id: z.int32(), event: z.enum(['absent', 'late_cancellation']), created_at: z.string() })),
});
export type StaffCustomerRecord = z.infer<typeof staffCustomerRecord>;

/** Waive a strike: the reason goes in the audit log. */
export const waiveStrikeParams = z.object({
  customerId: intId,
  bookingId: intId,
  event: z.enum(['absent', 'late_cancellation']),
});

/** Register a customer at the desk: no password; they set one by the reset email when they want to log in. */
export const staffRegisterBody = z.object({
  first_name: z.string().trim().min(1).max(255),
  last_name: z.string().trim().min(1).max(255),
  email: z.email().trim().toLowerCase().max(255),
  phone: z.string().trim().max(32).optional(),
  date_of_birth: daySlug.optional(),
});
export type StaffRegisterBody = z.infer<typeof staffRegisterBody>;

/** GET /api/staff/registers: a venue's sessions on a day (today by default, in the client's time zone). */
export const registersQuery = z.object({ venue_id: intId, date: daySlug.optional() });

export const registerSession = z.object({
  id: z.string(),
  name: z.string(),
  booking_type: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.string(),
  capacity: z.object({ maximum: z.number(), consumed: z.number() }),
  booked: z.int32(),
  attended: z.int32(),
  absent: z.int32(),
});
export type RegisterSession = z.infer<typeof registerSession>;

export const registerParams = z.object({ occurrenceId: z.string().min(1).max(200) });

/** One person on a register: a paid booking of the session, with who it is for and who booked it. */
export const registerAttendee = z.object({
  booking_id: z.int32(),
  user: z.object({ id: z.int32(), first_name: z.string(), last_name: z.string(), reference: z.string() }),
  /** Who booked it, when not the attendee (a parent for a linked child). */
  booked_by: z.object({ id: z.int32(), first_name: z.string(), last_name: z.string() }).nullable(),
  source: z.string(),
  attended: z.enum(['attended', 'absent']).nullable(),
  /** Answers to the session's questions (medical ones among them), each with its question's words and the answer's. */
  answers: z.array(z.object({ custom_question_id: z.int32(), question: z.string(), answer: z.unknown(), answer_text: z.string() })),
  waivers: z.array(z.object({ name: z.string(), agreed_at: z.string() })),
});
export type RegisterAttendee = z.infer<typeof registerAttendee>;

export const registerView = z.object({ session: registerSession, attendees: z.array(registerAttendee), started: z.boolean() });
export type RegisterView = z.infer<typeof registerView>;

/** Mark one, some or all of a register's bookings (the spec's attendance update, decision 128). */
export const registerMarkBody = z.object({
  booking_ids: z.array(z.int32().min(1)).min(1).max(500),
  status: z.enum(['attended', 'absent']),
});
export type RegisterMarkBody = z.infer<typeof registerMarkBody>;

export const penaltyParams = z.object({ customerId: intId, penaltyId: intId });
/** Staff waive an outstanding penalty, saying why (kept in the audit log). */
export const waivePenaltyBody = z.object({ reason: z.string().trim().min(3).max(500) });
export type WaivePenaltyBody = z.infer<typeof waivePenaltyBody>;

/**
 * A client's no-show and late-cancellation policy (docs/decisions/129-penalties.md): what an absence past the start,
 * or a cancellation inside the cut-off, costs (nothing, a fee in the smallest currency unit, or a strike), and how
 * many strikes within how many days block online booking for how many days (0 strikes: never).
 */
export const penaltyAction = z.enum(['none', 'fee', 'strike']);
export const penaltyPolicy = z.object({
  absent_action: penaltyAction,
  late_cancellation_action: penaltyAction,
  fee_amount: z.int32().min(0).max(100_000),
  strikes_to_block: z.int32().min(0).max(50),
  strike_window_days: z.int32().min(0).max(366),
  block_days: z.int32().min(0).max(366),
});
export type PenaltyPolicyBody = z.infer<typeof penaltyPolicy>;
