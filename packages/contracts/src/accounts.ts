import { customer, password } from './auth';
import { cancellationInfo } from './booking-records';
import { daySlug, zonedDateTime } from './date-schemas';
import { bookingStatus, fontStyles } from './enums';
import { intId, pagination } from './envelope';
import { billingPeriod } from './memberships';
import { money } from './money';
import { orderSummary } from './orders';
import { z } from './zod-setup';

/**
 * Accounts, themes and sessions (issue 5): the staff theme call, the token exchange, password reset, My account and
 * linked users. Colours are checked by `validateColour` of packages/domain in the service, so the three colour
 * messages of the spec come back as field errors.
 */

const colourField = z.string().max(64);

/** PUT /api/frontend/theme?venue= (staff): the fields to change; null on a venue removes its override. */
export const themeUpdateBody = z
  .object({
    theme_app_logo: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .nullable(),
    theme_app_primary_colour: colourField.nullable(),
    theme_app_secondary_colour_1: colourField.nullable(),
    theme_app_secondary_colour_2: colourField.nullable(),
    theme_app_header_bg_colour: colourField.nullable(),
    theme_app_dark_bg_colour: colourField.nullable(),
    header_primary_colour: colourField.nullable(),
    theme_app_heading_font_style: fontStyles.nullable(),
    theme_app_body_font_style: fontStyles.nullable(),
    theme_app_secondary_button_style: z.enum(['solid', 'outline']).nullable(),
    /** Tint factor of the primary colour's palette, when an operator previews one (0 to 1). */
    tint_factor: z.number().optional(),
  })
  .partial()
  .strict();
export type ThemeUpdateBody = z.infer<typeof themeUpdateBody>;

/** The colour fields of a theme, checked with validateColour. */
export const themeColourFields = [
  'theme_app_primary_colour',
  'theme_app_secondary_colour_1',
  'theme_app_secondary_colour_2',
  'theme_app_header_bg_colour',
  'theme_app_dark_bg_colour',
  'header_primary_colour',
] as const;

/** PUT /api/client/maintenance (staff). */
export const maintenanceBody = z.object({ maintenance: z.boolean() });

/** POST /api/auth/token: the `token` query parameter of the app shell, exchanged for the httpOnly cookie. */
export const tokenExchangeBody = z.object({ token: z.string().min(20).max(256) });

/** POST /api/auth/customer/forgotten-password */
export const forgottenPasswordBody = z.object({ email_or_reference: z.string().trim().min(1).max(255) });

/** POST /api/auth/customer/reset-password: the token from the emailed link and the new password. */
export const resetPasswordBody = z.object({ token: z.string().min(20).max(256), password });

/** GET /api/dev/outbox (not in production): email written instead of sent. */
export const outboxEmail = z.object({
  id: z.int32(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The HTML part; null for an email that has none. */
  html: z.string().nullable(),
  /** What the email is (booking_confirmation, password_reset...); null for older rows. */
  kind: z.string().nullable(),
  /** The files attached (the booking's .ics), with their content. */
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), content: z.string() })),
  created_at: z.string(),
});

/** Whose account a My account call reads: the caller, or a linked user (accepted link) or a customer (staff). */
export const selectedUserQuery = z.object({ selected_user_id: intId.optional() });

/** PUT /api/my-account/details: the customer's own details (email and password are changed elsewhere). */
export const detailsUpdateBody = z
  .object({
    first_name: z.string().trim().min(1).max(255),
    last_name: z.string().trim().min(1).max(255),
    title: z.string().trim().max(32).nullable(),
    gender: z.string().trim().max(64).nullable(),
    ethnicity: z.string().trim().max(64).nullable(),
    disability: z.string().trim().max(64).nullable(),
    phone: z
      .string()
      .trim()
      .regex(/^(\+?[\d\s()-]{7,20})?$/)
      .nullable(),
    address: z
      .object({
        line1: z.string().trim().max(255).nullable(),
        line2: z.string().trim().max(255).nullable(),
        town: z.string().trim().max(255).nullable(),
        postcode: z.string().trim().max(10).nullable(),
      })
      .nullable(),
    date_of_birth: daySlug.nullable(),
    marketing_email: z.boolean(),
    marketing_sms: z.boolean(),
    marketing_phone: z.boolean(),
    marketing_post: z.boolean(),
  })
  .partial()
  .strict();
export type DetailsUpdateBody = z.infer<typeof detailsUpdateBody>;

export const accountDetails = customer;

export const accountMembership = z.object({
  id: z.int32(),
  name: z.string(),
  status: z.enum(['active', 'pending', 'cancelled', 'expired']),
  price: money,
  billing_period: billingPeriod,
  home_venue: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
});

export const accountPackage = z.object({
  id: z.int32(),
  name: z.string(),
  uses: z.int32(),
  uses_remaining: z.int32(),
  expires_at: z.string(),
  created_at: z.string(),
});

export const accountGuestPass = z.object({
  id: z.int32(),
  guest_name: z.string().nullable(),
  status: z.enum(['available', 'used', 'expired']),
  valid_until: z.string(),
});

export const accountBookingsQuery = selectedUserQuery.extend({
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  ...pagination.shape,
});

export const accountBooking = z.object({
  id: z.int32(),
  user_id: z.int32(),
  occurrence_id: z.string(),
  order_id: z.int32().nullable(),
  name: z.string(),
  status: bookingStatus,
  starts_at: zonedDateTime,
  ends_at: zonedDateTime,
  /** address: the venue's address on one line (ours), for 'Add to calendar' as the .ics has it. */
  venue: z.object({ slug: z.string(), name: z.string(), address: z.string().nullable() }),
  location_name: z.string().nullable(),
  price: money.nullable(),
  can_cancel: z.boolean(),
  /** Doc 2's cancellation info: what cancelling now would do (the rule shown before the customer confirms). */
  cancellation: cancellationInfo,
  /** Once cancelled: what went back (our addition; null when nothing was recorded). */
  refunded: z.object({ card: money, credit: money, off_system: money, fee: money }).nullable(),
  created_at: z.string(),
});
export const cancelBookingQuery = selectedUserQuery.extend({ source: z.string().max(32).optional() });

/** A row of the Payments page. */
export const accountPayment = orderSummary;

export const linkRelationships = ['parent', 'partner', 'sibling', 'employee', 'carer'] as const;
export const linkRelationship = z.enum(linkRelationships);
export const linkStatuses = ['successful', 'pending', 'revoked', 'cancelled'] as const;
export const linkStatus = z.enum(linkStatuses);

/** A linked user (doc 1, section 3), seen from either side of the link. */
export const linkedUser = z.object({
  id: z.int32(),
  status: linkStatus,
  referenced_user: z.object({ id: z.int32(), name: z.string() }),
  relationship: linkRelationship,
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  /** 'owner': you may act for the referenced user once the link is successful; 'referenced': they may act for you. */
  direction: z.enum(['owner', 'referenced']),
});
export type LinkedUser = z.infer<typeof linkedUser>;

/** POST /api/my-account/linked-users: ask to act for another customer, named by email or reference. */
export const linkRequestBody = z.object({
  email_or_reference: z.string().trim().min(1).max(255),
  relationship: linkRelationship,
});

export const linkedUserParams = z.object({ linked_user_id: intId });

// In a module without schemas, so the app's strings can use it without building any (decision 085).
export { accountMessages } from './account-messages';

// Defined in a module without schemas, so the app's first download can use it without building any (decision 085).
export { resetPasswordPath } from './app-paths';

/** GET /api/my-account/calendar-feed: whether the customer has a private calendar feed (decision 108). */
export const calendarFeed = z.object({ active: z.boolean(), created_at: z.string().nullable() });

/** POST /api/my-account/calendar-feed: a new secret feed URL, shown this once; any earlier URL stops working. */
export const calendarFeedUrl = z.object({ url: z.string(), created_at: z.string() });
