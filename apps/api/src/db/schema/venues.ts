import type { Photo } from '@app/contracts';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './tenancy';

export type OpeningTime = { day: string; opens: string; closes: string };

export const venues = pgTable(
  'venues',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    address1: text('address1'),
    address2: text('address2'),
    town: text('town'),
    area: text('area'),
    postcode: text('postcode'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    openingTimes: jsonb('opening_times').$type<OpeningTime[]>().notNull().default([]),
    /** From this date the venue's timetables are served on the /v2/ paths. */
    activitiesV2MigrationDate: date('activities_v2_migration_date'),
    displayVenueSelectionButton: boolean('display_venue_selection_button').notNull().default(true),
    footerHtml: text('footer_html'),
    /** What a visitor needs before they come (issue 13, decision 170): plain text, shown as written. */
    phone: text('phone'),
    email: text('email'),
    facilities: text('facilities').array().notNull().default([]),
    accessibility: text('accessibility'),
    parking: text('parking'),
    arrivalInfo: text('arrival_info'),
    photo: jsonb('photo').$type<Photo>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('venues_client_slug_idx').on(t.clientId, t.slug)],
);

/** A bookable space in a venue: a studio, a court, a pool. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    name: text('name').notNull(),
  },
  (t) => [index('locations_venue_idx').on(t.venueId)],
);

export const instructors = pgTable('instructors', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  name: text('name').notNull(),
});
