import { and, asc, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import {
  bookings,
  instructors,
  locations,
  occurrenceInstructors,
  occurrenceLocations,
  occurrences,
  pricingOptions,
  schedules,
  venues,
} from '../../db/schema';

export interface OccurrenceFilter {
  clientId: number;
  venueIds?: number[];
  categoryIds?: number[];
  startsAfter?: Date;
  startsBefore?: Date;
  ids?: string[];
}

/** Occurrences with what their schedule and venue add, in start order. One query. */
export async function findOccurrences(db: Conn, f: OccurrenceFilter) {
  const where = [eq(occurrences.clientId, f.clientId)];
  if (f.venueIds) where.push(inArray(occurrences.venueId, f.venueIds));
  if (f.categoryIds) where.push(inArray(occurrences.categoryId, f.categoryIds));
  if (f.startsAfter) where.push(gte(occurrences.startsAt, f.startsAfter));
  if (f.startsBefore) where.push(lt(occurrences.startsAt, f.startsBefore));
  if (f.ids) where.push(inArray(occurrences.id, f.ids));
  return db
    .select({
      occurrence: occurrences,
      scheduleName: schedules.name,
      scheduleDescription: schedules.description,
      scheduleReference: schedules.reference,
      bookingStrategy: schedules.bookingStrategy,
      tags: schedules.tags,
      venueName: venues.name,
    })
    .from(occurrences)
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .where(and(...where))
    .orderBy(asc(occurrences.startsAt), asc(occurrences.id));
}

export type OccurrenceRow = Awaited<ReturnType<typeof findOccurrences>>[number];

export async function locationsOf(db: Conn, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ occurrenceId: occurrenceLocations.occurrenceId, id: locations.id, name: locations.name })
    .from(occurrenceLocations)
    .innerJoin(locations, eq(locations.id, occurrenceLocations.locationId))
    .where(inArray(occurrenceLocations.occurrenceId, ids))
    .orderBy(asc(occurrenceLocations.position), asc(locations.name));
}

export async function instructorsOf(db: Conn, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ occurrenceId: occurrenceInstructors.occurrenceId, id: instructors.id, name: instructors.name })
    .from(occurrenceInstructors)
    .innerJoin(instructors, eq(instructors.id, occurrenceInstructors.instructorId))
    .where(inArray(occurrenceInstructors.occurrenceId, ids))
    .orderBy(asc(instructors.name));
}

export async function ticketsOf(db: Conn, scheduleIds: number[]) {
  if (scheduleIds.length === 0) return [];
  return db.select().from(pricingOptions).where(inArray(pricingOptions.scheduleId, scheduleIds)).orderBy(asc(pricingOptions.id));
}

/** The customer's live bookings on these occurrences (expired holds do not count). */
export async function customerBookingsOn(db: Conn, userId: number, ids: string[], now: Date) {
  if (ids.length === 0) return [];
  return db
    .select({ occurrenceId: bookings.occurrenceId, status: bookings.status })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        inArray(bookings.occurrenceId, ids),
        ne(bookings.status, 'cancelled'),
        sql`(${bookings.status} = 'settled' OR ${bookings.holdExpiresAt} > ${now})`,
      ),
    );
}

/** The time ranges of the customer's live bookings that overlap a window, to mark sessions they cannot also attend. */
export async function customerBusyRanges(db: Conn, userId: number, from: Date, to: Date, now: Date) {
  return db
    .select({ occurrenceId: occurrences.id, startsAt: occurrences.startsAt, endsAt: occurrences.endsAt })
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .where(
      and(
        eq(bookings.userId, userId),
        ne(bookings.status, 'cancelled'),
        sql`(${bookings.status} = 'settled' OR ${bookings.holdExpiresAt} > ${now})`,
        lt(occurrences.startsAt, to),
        gt(occurrences.endsAt, from),
      ),
    );
}
