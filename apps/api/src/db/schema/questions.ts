import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cartItems } from './cart';
import { categories } from './catalogue';
import { clients } from './tenancy';
import { occurrences, schedules } from './timetable';
import { users } from './users';

/**
 * A titled section of custom questions, asked for exactly one of: a course or camp schedule (any schedule), an
 * activity (category, for every schedule in it) or one occurrence (docs/decisions/080-custom-questions.md).
 */
export const customQuestionSections = pgTable(
  'custom_question_sections',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    scheduleId: integer('schedule_id').references(() => schedules.id),
    // An unused category can be deleted (catalogue maintenance); the questions it asked go with it.
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    occurrenceId: text('occurrence_id').references(() => occurrences.id),
    title: text('title').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('custom_question_sections_one_owner', sql`num_nonnulls(${t.scheduleId}, ${t.categoryId}, ${t.occurrenceId}) = 1`),
    index('custom_question_sections_schedule_idx').on(t.scheduleId),
    index('custom_question_sections_category_idx').on(t.categoryId),
    index('custom_question_sections_occurrence_idx').on(t.occurrenceId),
  ],
);

export const customQuestions = pgTable(
  'custom_questions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    sectionId: integer('section_id')
      .notNull()
      .references(() => customQuestionSections.id, { onDelete: 'cascade' }),
    /** The group this question sits in, if any (one level deep). */
    groupId: integer('group_id').references((): AnyPgColumn => customQuestions.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    question: text('question').notNull(),
    required: boolean('required').notNull().default(false),
    /** Choices, each with an id unique within the question (the id is what is answered). */
    options: jsonb('options').$type<{ id: number; value: string }[]>().notNull().default([]),
    minLength: integer('min_length'),
    maxLength: integer('max_length'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('custom_questions_section_idx').on(t.sectionId)],
);

/**
 * A course or camp booked as one (doc 2, "Booking bundle"): its sessions are the bookings of its basket line. The id
 * is doc 2's 34-character bundle identifier. The line keeps the answers and the waivers agreed with it; the bundle
 * goes with the line if the line is taken out of the basket.
 */
export const bookingBundles = pgTable(
  'booking_bundles',
  {
    id: text('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    cartItemId: integer('cart_item_id')
      .notNull()
      .references(() => cartItems.id, { onDelete: 'cascade' }),
    /** The attendee. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Who put it in their basket (a parent booking for a child). */
    bookedByUserId: integer('booked_by_user_id')
      .notNull()
      .references(() => users.id),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id),
    bookingType: text('booking_type').$type<'courses' | 'camps'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('booking_bundles_cart_item_idx').on(t.cartItemId),
    index('booking_bundles_user_idx').on(t.userId),
    index('booking_bundles_booked_by_idx').on(t.bookedByUserId),
  ],
);
