import type { Hero } from '@app/contracts';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** An operator (council, trust, club). Everything else hangs off a client. */
export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  identifier: text('identifier').notNull().unique(),
  name: text('name').notNull(),
  currency: text('currency').notNull().default('GBP'),
  timezone: text('timezone').notNull().default('Europe/London'),
  /** Host names that resolve to this client when no Client-Domain-Identifier header is sent. */
  domains: text('domains').array().notNull().default([]),
  onlineJoiningEnabled: boolean('online_joining_enabled').notNull().default(false),
  campsAndCoursesBookingEnabled: boolean('camps_and_courses_booking_enabled').notNull().default(false),
  onlineGuestPassesEnabled: boolean('online_guest_passes_enabled').notNull().default(false),
  /** Basket terms and conditions, sanitised HTML; null when the operator has none. */
  termsHtml: text('terms_html'),
  /** Origins allowed to frame the app (embedded mode). */
  embeddingOrigins: text('embedding_origins').array().notNull().default([]),
  paymentProvider: text('payment_provider').notNull().default('sandbox'),
  /** Paid bookings switched off (checkout prepare answers 403 with this message). */
  paidBookingDisabledMessage: text('paid_booking_disabled_message'),
  /** Planned maintenance: the theme call answers 503 and the app shows the maintenance page. */
  maintenance: boolean('maintenance').notNull().default(false),
  /** How long a freed place is held for the first person on a waitlist (never past the session's last bookable time). */
  waitlistOfferMinutes: integer('waitlist_offer_minutes').notNull().default(120),
  /** The reminder email the day before a booked session (decision 106); the operator may switch it off. */
  emailRemindersEnabled: boolean('email_reminders_enabled').notNull().default(true),
  /**
   * Per-customer limits on what one account may hold (decision 077); null uses the deployment's default
   * (CUSTOMER_MAX_PLACES_HELD, CUSTOMER_MAX_OPEN_BASKETS, CUSTOMER_MAX_ITEMS_PER_REQUEST).
   */
  maxPlacesHeld: integer('max_places_held'),
  maxOpenBaskets: integer('max_open_baskets'),
  maxItemsPerRequest: integer('max_items_per_request'),
  /** The operator's logo (header and favicon): a URL or a path on this site; null shows the name in words. */
  logoUrl: text('logo_url'),
  /** A square mark for the browser tab (favicon); null leaves the browser's default. */
  iconUrl: text('icon_url'),
  /** The home page's welcome: heading, text and photo (issue 13, decision 170); null shows the chooser alone. */
  hero: jsonb('hero').$type<Hero>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A client's theme (venue_id null) or a venue's override. */
export const themes = pgTable(
  'themes',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    venueId: integer('venue_id'),
    settings: jsonb('settings').$type<Record<string, string | null>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('themes_client_venue_key').on(t.clientId, t.venueId).nullsNotDistinct()],
);
