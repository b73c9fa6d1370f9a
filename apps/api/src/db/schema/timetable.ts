import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { categories } from './catalogue';
import { clients } from './tenancy';
import { venues } from './venues';

/** A template that generates occurrences: what, where, who, how many, for how much. */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    bookingType: text('booking_type').$type<'classes' | 'resources' | 'ticketed' | 'courses' | 'camps'>().notNull(),
    name: text('name').notNull(),
    description: text('description'),
    reference: text('reference'),
    /** Price per place in the smallest currency unit; null for ticketed schedules (priced per ticket). */
    price: integer('price'),
    capacityStrategy: text('capacity_strategy').$type<'shared' | 'split'>().notNull().default('shared'),
    /** Places (shared strategy), or the total of the online and front-of-house shares (split strategy). */
    capacity: bigint('capacity', { mode: 'number' }).notNull(),
    capacityOnline: bigint('capacity_online', { mode: 'number' }),
    capacityFoh: bigint('capacity_foh', { mode: 'number' }),
    waitlistMaximum: integer('waitlist_maximum'),
    /** Courses: may a customer join after the first session (at the pro-rata price)? */
    allowBookAfterStart: boolean('allow_book_after_start').notNull().default(false),
    /** Camps: how they can be bought, 'bundled' (the whole camp) and/or 'individual' (chosen days). */
    pricingOptionAvailability: text('pricing_option_availability').array().notNull().default([]),
    /** Camps: price of one day when bought individually; the schedule price is the whole camp. */
    individualPrice: integer('individual_price'),
    bookingStrategy: text('booking_strategy').$type<'sequential' | 'overlapping'>().notNull().default('sequential'),
    setupMinutes: integer('setup_minutes').notNull().default(0),
    teardownMinutes: integer('teardown_minutes').notNull().default(0),
    /** Booking closes this many minutes before the start; null closes at the start. */
    lastBookableMinutesBefore: integer('last_bookable_minutes_before'),
    allowAnonymousBookings: boolean('allow_anonymous_bookings').notNull().default(false),
    tags: text('tags').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedules_venue_category_idx').on(t.venueId, t.categoryId)],
);

/** A weekly rule of a schedule: on these weekdays at this local time, between these dates. */
export const recurrences = pgTable('recurrences', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  scheduleId: integer('schedule_id')
    .notNull()
    .references(() => schedules.id),
  weekdays: integer('weekdays').array().notNull(),
  startTime: text('start_time').notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  startsOn: date('starts_on').notNull(),
  endsOn: date('ends_on'),
  /** Locations used by the occurrences of this rule (for courts: one court per rule). */
  locationIds: integer('location_ids').array().notNull(),
  instructorIds: integer('instructor_ids').array().notNull().default([]),
});

/**
 * One session. The id is a string (v2 ids are non-numeric, doc 1 section 7). capacity_consumed only ever changes
 * through one conditional UPDATE, so a place is taken atomically across API processes.
 */
export const occurrences = pgTable(
  'occurrences',
  {
    id: text('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id),
    recurrenceId: integer('recurrence_id').references(() => recurrences.id),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    bookingType: text('booking_type').$type<'classes' | 'resources' | 'ticketed' | 'courses' | 'camps'>().notNull(),
    intervalKey: text('interval_key'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    originalStartsAt: timestamp('original_starts_at', { withTimezone: true }).notNull(),
    originalEndsAt: timestamp('original_ends_at', { withTimezone: true }).notNull(),
    status: text('status').$type<'bookable' | 'cancelled' | 'clashing'>().notNull().default('bookable'),
    capacityStrategy: text('capacity_strategy').$type<'shared' | 'split'>().notNull().default('shared'),
    /** All places. With the split strategy, the sum of the online and front-of-house shares below. */
    capacityMaximum: bigint('capacity_maximum', { mode: 'number' }).notNull(),
    capacityConsumed: bigint('capacity_consumed', { mode: 'number' }).notNull().default(0),
    capacityOnline: bigint('capacity_online', { mode: 'number' }),
    capacityFoh: bigint('capacity_foh', { mode: 'number' }),
    consumedOnline: bigint('consumed_online', { mode: 'number' }).notNull().default(0),
    consumedFoh: bigint('consumed_foh', { mode: 'number' }).notNull().default(0),
    price: integer('price'),
    friendlyLocationName: text('friendly_location_name'),
    setupMinutes: integer('setup_minutes').notNull().default(0),
    teardownMinutes: integer('teardown_minutes').notNull().default(0),
    lastBookableAt: timestamp('last_bookable_at', { withTimezone: true }),
    allowAnonymousBookings: boolean('allow_anonymous_bookings').notNull().default(false),
    isDetachedFromRecurrence: boolean('is_detached_from_recurrence').notNull().default(false),
    /**
     * The session's spaces (the first is where it is) and instructors, in order. Kept on the row, not in join tables,
     * so a day's timetable is one index range scan; ids are checked against the venue and client when written, and
     * names come from each client's small, cached list of locations and instructors.
     */
    locationIds: integer('location_ids').array().notNull().default([]),
    instructorIds: integer('instructor_ids').array().notNull().default([]),
    /** Waitlist size; null when the session has no waitlist. */
    waitlistMaximum: integer('waitlist_maximum'),
    /** What clash detection found last time this session or a neighbour changed (doc 2 clash shapes). */
    clashes: jsonb('clashes').$type<Record<string, unknown>[]>().notNull().default([]),
    /** Deleted sessions stay for their bookings' history, with the reason, and drop out of every list. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletionReason: text('deletion_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The day timetable and every list: a client's live sessions of a venue and category, by start.
    index('occurrences_day_idx').on(t.clientId, t.venueId, t.categoryId, t.startsAt).where(sql`deleted_at IS NULL`),
    // Lists by venue without a category (the occurrences list): without it Postgres walks every category's year of
    // the venue in occurrences_day_idx to find one day (decision 027).
    index('occurrences_venue_start_idx').on(t.clientId, t.venueId, t.startsAt).where(sql`deleted_at IS NULL`),
    index('occurrences_client_start_idx').on(t.clientId, t.startsAt).where(sql`deleted_at IS NULL`),
    uniqueIndex('occurrences_schedule_original_idx').on(t.scheduleId, t.originalStartsAt, t.recurrenceId),
    index('occurrences_location_ids_idx').using('gin', t.locationIds),
    index('occurrences_instructor_ids_idx').using('gin', t.instructorIds),
  ],
);

/** A time a venue's spaces cannot be used (repairs, a gala); sessions in them clash. */
export const closures = pgTable(
  'closures',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    locationIds: integer('location_ids').array().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('closures_venue_idx').on(t.venueId, t.startsAt)],
);

/** Ticket types of a ticketed schedule (Adult, Junior): pricing options with their own price. */
export const pricingOptions = pgTable(
  'pricing_options',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    scheduleId: integer('schedule_id').references(() => schedules.id),
    name: text('name').notNull(),
    reference: text('reference'),
    price: integer('price').notNull(),
    /** How many places one ticket takes (a family ticket may take 4). */
    attendees: integer('attendees').notNull().default(1),
    /** The age band a ticket is for, in whole years, both ends included ('Junior (5-15)', decision 171). */
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
  },
  (t) => [index('pricing_options_schedule_idx').on(t.scheduleId)],
);
