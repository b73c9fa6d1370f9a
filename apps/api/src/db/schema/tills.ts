import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './tenancy';
import { users } from './users';
import { venues } from './venues';

/** A cash drawer at a venue's desk (issue 15, decision 161). Payments go through its open session. */
export const tills = pgTable(
  'tills',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tills_client_venue_name_idx').on(t.clientId, t.venueId, t.name)],
);

/**
 * One opening of a till: the float it started with, and at closing what was counted against what was expected
 * (packages/domain till.ts). At most one open session per till, held by the partial unique index, so two desks
 * opening the same till at once cannot both succeed.
 */
export const tillSessions = pgTable(
  'till_sessions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    tillId: integer('till_id')
      .notNull()
      .references(() => tills.id),
    float: integer('float').notNull(),
    openedBy: integer('opened_by')
      .notNull()
      .references(() => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    counted: integer('counted'),
    expected: integer('expected'),
    closedBy: integer('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('till_sessions_one_open_idx').on(t.tillId).where(sql`${t.closedAt} IS NULL`),
    index('till_sessions_till_opened_idx').on(t.tillId, t.openedAt),
  ],
);
