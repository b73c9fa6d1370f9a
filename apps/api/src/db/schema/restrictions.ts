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
  relatedCategoryId: integer('related_category_id').references(() => categories.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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

/** A customer who has met a restriction (signed the waiver, done the induction). */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_occurrence_user_idx').on(t.occurrenceId, t.userId),
    index('waitlist_entries_user_idx').on(t.userId),
  ],
);
