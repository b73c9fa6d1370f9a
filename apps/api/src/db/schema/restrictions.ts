import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { categories } from './catalogue';
import { clients } from './tenancy';
import { occurrences, schedules } from './timetable';
import { users } from './users';

/** A waiver or induction a customer must complete (doc 2, "Restriction"). */
export const restrictions = pgTable('restrictions', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  name: text('name').notNull(),
  type: text('type')
    .$type<'pre-purchase-waiver' | 'pre-purchase-induction' | 'post-purchase-waiver' | 'post-purchase-induction' | 'enhanced-pre-waiver'>()
    .notNull(),
  /** Sanitised HTML. */
  terms: text('terms'),
  /** An induction is met by having booked this category before. */
  relatedCategoryId: integer('related_category_id').references(() => categories.id, { onDelete: 'set null' }),
  /** Goes up by one each time the terms change: an agreement to older terms no longer counts. */
  termsVersion: integer('terms_version').notNull().default(1),
  /** How long an agreement lasts, in days; null: until the terms change. */
  validForDays: integer('valid_for_days'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A restriction on every schedule of a category (and of its children). */
export const categoryRestrictions = pgTable(
  'category_restrictions',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    restrictionId: integer('restriction_id')
      .notNull()
      .references(() => restrictions.id),
    criteria: text('criteria').$type<'all' | 'any'>().notNull().default('all'),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.restrictionId] })],
);

/**
 * A person's agreement to a waiver's terms (docs/decisions/081-waivers-and-inductions.md): who it covers, who
 * agreed (a parent for a child), the terms version agreed, when, and until when. Never updated: the latest row for a
 * person and waiver is the one that counts, the rest is the history.
 */
export const waiverAgreements = pgTable(
  'waiver_agreements',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    restrictionId: integer('restriction_id')
      .notNull()
      .references(() => restrictions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    agreedByUserId: integer('agreed_by_user_id')
      .notNull()
      .references(() => users.id),
    termsVersion: integer('terms_version').notNull(),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('waiver_agreements_person_idx').on(t.userId, t.restrictionId, t.agreedAt)],
);

export const scheduleRestrictions = pgTable(
  'schedule_restrictions',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id),
    restrictionId: integer('restriction_id')
      .notNull()
      .references(() => restrictions.id),
    criteria: text('criteria').$type<'all' | 'any'>().notNull().default('all'),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.restrictionId] })],
);

/**
 * A customer who has met an induction without booking it here (done in person, recorded by staff). Waivers are met
 * by waiver_agreements instead, which keep the terms version and expiry.
 */
export const restrictionCompletions = pgTable(
  'restriction_completions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    restrictionId: integer('restriction_id')
      .notNull()
      .references(() => restrictions.id),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.restrictionId] })],
);

/** A customer waiting for a place on a full session. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    occurrenceId: text('occurrence_id')
      .notNull()
      .references(() => occurrences.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * waiting (in the queue), offered (a place is held for them until offer_expires_at), accepted (they booked it),
     * expired (the offer ran out; they leave the queue). Moves only forward, each change conditional on the last.
     */
    status: text('status').$type<'waiting' | 'offered' | 'accepted' | 'expired'>().notNull().default('waiting'),
    /** The held (reserved) booking that is the offer. */
    offerBookingId: integer('offer_booking_id'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** The secret in the offer's link. */
    offerToken: text('offer_token').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_occurrence_user_idx').on(t.occurrenceId, t.userId),
    index('waitlist_entries_user_idx').on(t.userId),
    index('waitlist_entries_queue_idx').on(t.occurrenceId, t.status, t.createdAt),
  ],
);
