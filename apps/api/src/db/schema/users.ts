import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './tenancy';
import { venues } from './venues';

/** Customers and staff of a client. An email is unique within a client, not across clients. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    reference: text('reference').notNull(),
    role: text('role').$type<'customer' | 'staff'>().notNull().default('customer'),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender'),
    ethnicity: text('ethnicity'),
    disability: text('disability'),
    phone: text('phone'),
    address: jsonb('address').$type<{ line1: string | null; line2: string | null; town: string | null; postcode: string | null }>(),
    dateOfBirth: date('date_of_birth'),
    marketingEmail: boolean('marketing_email').notNull().default(false),
    marketingSms: boolean('marketing_sms').notNull().default(false),
    marketingPhone: boolean('marketing_phone').notNull().default(false),
    marketingPost: boolean('marketing_post').notNull().default(false),
    homeVenueId: integer('home_venue_id').references(() => venues.id),
    barcode: text('barcode'),
    profilePictureUrl: text('profile_picture_url'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    source: text('source').notNull().default('online'),
    onboardingType: text('onboarding_type').notNull().default('customer_account_online'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_client_email_idx').on(t.clientId, t.email),
    uniqueIndex('users_client_reference_idx').on(t.clientId, t.reference),
    // The desk's as-you-type customer search (decision 127): prefix matches on lower(...) with text_pattern_ops, so
    // `lower(col) LIKE 'abc%'` is an index range scan on PostgreSQL and PGlite alike (PGlite has no pg_trgm loaded).
    index('users_search_last_name_idx').on(t.clientId, sql`lower(${t.lastName}) text_pattern_ops`),
    index('users_search_first_name_idx').on(t.clientId, sql`lower(${t.firstName}) text_pattern_ops`),
    index('users_search_email_idx').on(t.clientId, sql`lower(${t.email}) text_pattern_ops`),
    index('users_search_reference_idx').on(t.clientId, sql`lower(${t.reference}) text_pattern_ops`),
    index('users_search_phone_idx').on(t.clientId, sql`regexp_replace(coalesce(${t.phone}, ''), '[^0-9]', '', 'g') text_pattern_ops`),
    index('users_search_barcode_idx').on(t.clientId, t.barcode),
  ],
);

/** A login. The token itself is never stored: only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
