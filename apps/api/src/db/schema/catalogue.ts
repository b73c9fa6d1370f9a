import type { Photo } from '@app/contracts';
import { type AnyPgColumn, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './tenancy';

/**
 * Activity categories. A group (booking_type null, no parent) holds children; a leaf with a booking type holds
 * schedules. Slugs are unique within a client across parents and children (doc 2, category rules).
 */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    bookingType: text('booking_type').$type<'classes' | 'resources' | 'ticketed' | 'courses' | 'camps'>(),
    browseByName: text('browse_by_name').notNull().default('location'),
    allocationStrategy: text('allocation_strategy'),
    position: integer('position').notNull().default(0),
    /** The activity's photo (issue 13, decision 170). */
    photo: jsonb('photo').$type<Photo>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('categories_client_slug_idx').on(t.clientId, t.slug), index('categories_parent_idx').on(t.parentId)],
);
