import { daySlug } from './date-schemas';
import { onboardingTypes } from './enums';
import { z } from './zod-setup';

export const loginBody = z.object({
  username: z.string().trim().min(1).max(255),
  password: z.string().min(1).max(1024),
  /** API clients that cannot hold cookies ask for the token in the body (docs/decisions/004). */
  bearer: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Password rules (ours: the spec does not show them): NIST-style length, no composition rules. */
export const password = z.string().min(8).max(128);

export const registerQuery = z.object({ onboarding_type: onboardingTypes.default('customer_account_online') });

export const registerBody = z.object({
  first_name: z.string().trim().min(1).max(255),
  last_name: z.string().trim().min(1).max(255),
  email: z.email().trim().toLowerCase().max(255),
  password,
  client_id: z.int32().optional(),
  source: z.enum(['online', 'foh']).default('online'),
  title: z.string().max(32).optional(),
  phone: z.string().max(32).optional(),
  date_of_birth: daySlug.optional(),
  marketing_email: z.boolean().optional(),
  marketing_sms: z.boolean().optional(),
  marketing_phone: z.boolean().optional(),
  marketing_post: z.boolean().optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** GET /api/auth/user: the logged-in user of doc 1, section 3. */
export const authUser = z.object({
  id: z.int32(),
  reference: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  home_venue_slug: z.string().nullable(),
  credit: z.object({ balance: z.int32() }),
  has_instruction: z.boolean(),
  has_billing_date: z.boolean(),
  barcode: z.string().nullable(),
  profile_photo: z.string().nullable(),
  membership_user: z.object({ id: z.int32(), home_venue_id: z.int32().nullable() }).nullable(),
  membership_document_upload_required: z.boolean(),
  document_expiry: z.string().nullable(),
  has_outstanding_penalties: z.boolean(),
  is_staff: z.boolean(),
});
export type AuthUser = z.infer<typeof authUser>;

export const loginResult = z.object({ token: z.string().optional(), user: authUser });

/** The customer record of the API (doc 1, section 3). */
export const customer = z.object({
  id: z.int32(),
  first_name: z.string(),
  last_name: z.string(),
  reference: z.string(),
  title: z.string().nullable(),
  email: z.string(),
  gender: z.string().nullable(),
  ethnicity: z.string().nullable(),
  disability: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  phone: z.string().nullable(),
  address: z
    .object({ line1: z.string().nullable(), line2: z.string().nullable(), town: z.string().nullable(), postcode: z.string().nullable() })
    .nullable(),
  marketing_email: z.boolean(),
  marketing_sms: z.boolean(),
  marketing_phone: z.boolean(),
  marketing_post: z.boolean(),
  email_verified_at: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  created_at: z.string(),
  token: z.string().optional(),
});
export type Customer = z.infer<typeof customer>;
