import { and, arrayOverlaps, asc, eq, gte, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import {
  bookings,
  occurrences,
  pricingOptions,
  restrictionCompletions,
  restrictions,
  scheduleRestrictions,
  schedules,
  venues,
  waitlistEntries,
} from '../../db/schema';

export interface OccurrenceFilter {
  clientId: number;
  venueIds?: number[];
  categoryIds?: number[];
  startsAfter?: Date;
  startsBefore?: Date;
  ids?: string[];
  scheduleIds?: number[];
  recurrenceIds?: number[];
  locationIds?: number[];
  bookingTypes?: string[];
  clashing?: 'only_clashing' | 'only_non_clashing' | 'all';
  /** Staff lists may see deleted sessions; nothing else does. */
  includeDeleted?: boolean;
  limit?: number;
}

type Ticket = { id: number; name: string; reference: string | null; price: number; attendees: number };

function conditions(f: OccurrenceFilter): SQL[] {
  const where: SQL[] = [eq(occurrences.clientId, f.clientId)];
  if (!f.includeDeleted) where.push(isNull(occurrences.deletedAt));
  if (f.venueIds) where.push(inArray(occurrences.venueId, f.venueIds));
  if (f.categoryIds) where.push(inArray(occurrences.categoryId, f.categoryIds));
  if (f.startsAfter) where.push(gte(occurrences.startsAt, f.startsAfter));
  if (f.startsBefore) where.push(lt(occurrences.startsAt, f.startsBefore));
  if (f.ids) where.push(inArray(occurrences.id, f.ids));
  if (f.scheduleIds) where.push(inArray(occurrences.scheduleId, f.scheduleIds));
  if (f.recurrenceIds) where.push(inArray(occurrences.recurrenceId, f.recurrenceIds));
  if (f.bookingTypes) where.push(inArray(occurrences.bookingType, f.bookingTypes as (typeof occurrences.$inferSelect)['bookingType'][]));
  if (f.clashing === 'only_clashing') where.push(eq(occurrences.status, 'clashing'));
  if (f.clashing === 'only_non_clashing') where.push(ne(occurrences.status, 'clashing'));
  if (f.locationIds) where.push(arrayOverlaps(occurrences.locationIds, f.locationIds));
  return where;
}

/** What a list of sessions reads: the occurrence, its schedule's and venue's fields, and ticket types as JSON. */
const occurrenceFields = {
  occurrence: occurrences,
  scheduleName: schedules.name,
  scheduleDescription: schedules.description,
  scheduleReference: schedules.reference,
  bookingStrategy: schedules.bookingStrategy,
  tags: schedules.tags,
  venueName: venues.name,
  tickets: sql<
    Ticket[] | null
  >`CASE WHEN ${occurrences.bookingType} = 'ticketed' THEN (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'reference', p.reference, 'price', p.price, 'attendees', p.attendees) ORDER BY p.id), '[]'::json)
    FROM ${pricingOptions} p WHERE p.schedule_id = ${occurrences.scheduleId}) END`,
};

/** Occurrences matching any filter: one statement and one index range scan, however many rows it finds. */
export async function findOccurrences(db: Conn, f: OccurrenceFilter) {
  const query = db
    .select(occurrenceFields)
    .from(occurrences)
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .where(and(...conditions(f)))
    .orderBy(asc(occurrences.startsAt), asc(occurrences.id));
  return f.limit ? query.limit(f.limit) : query;
}

const prepareDay = (db: Conn) =>
  db
    .select(occurrenceFields)
    .from(occurrences)
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .where(
      and(
        eq(occurrences.clientId, sql.placeholder('client')),
        isNull(occurrences.deletedAt),
        eq(occurrences.venueId, sql.placeholder('venue')),
        sql`${occurrences.categoryId} = ANY(${sql.placeholder('categories')})`,
        gte(occurrences.startsAt, sql.placeholder('from')),
        lt(occurrences.startsAt, sql.placeholder('to')),
      ),
    )
    .orderBy(asc(occurrences.startsAt), asc(occurrences.id))
    .prepare('timetable_day');

const dayStatements = new WeakMap<Conn, ReturnType<typeof prepareDay>>();

/**
 * The day timetable's query, prepared once per database: the most read query skips Postgres's planning (about 2 ms
 * with this table's indexes, four times its execution).
 */
export function findDay(db: Conn, f: { clientId: number; venueId: number; categoryIds: number[]; from: Date; to: Date }) {
  let statement = dayStatements.get(db);
  if (!statement) {
    statement = prepareDay(db);
    dayStatements.set(db, statement);
  }
  return statement.execute({ client: f.clientId, venue: f.venueId, categories: f.categoryIds, from: f.from, to: f.to });
}

export type OccurrenceRow = Awaited<ReturnType<typeof findOccurrences>>[number];

/**
 * What a customer holds around a set of sessions, in one statement: their live bookings that overlap the window
 * (which are both "my booking on this session" and "busy at this time") and their waitlist places.
 */
export async function customerContext(db: Conn, userId: number, ids: string[], from: Date, to: Date, now: Date) {
  const live = await db
    .select({ occurrenceId: occurrences.id, status: bookings.status, startsAt: occurrences.startsAt, endsAt: occurrences.endsAt })
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .where(
      and(
        eq(bookings.userId, userId),
        ne(bookings.status, 'cancelled'),
        sql`(${bookings.status} = 'settled' OR ${bookings.holdExpiresAt} > ${now})`,
        lt(occurrences.startsAt, to),
        sql`${occurrences.endsAt} > ${from}`,
      ),
    );
  const waiting =
    ids.length === 0
      ? []
      : await db
          .select({ occurrenceId: waitlistEntries.occurrenceId })
          .from(waitlistEntries)
          .where(and(eq(waitlistEntries.userId, userId), inArray(waitlistEntries.occurrenceId, ids)));
  return { live, waiting: new Set(waiting.map((w) => w.occurrenceId)) };
}

/** Waitlist sizes of full sessions that have a waitlist. */
export async function waitlistCounts(db: Conn, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ occurrenceId: waitlistEntries.occurrenceId, n: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(inArray(waitlistEntries.occurrenceId, ids))
    .groupBy(waitlistEntries.occurrenceId);
  return new Map(rows.map((r) => [r.occurrenceId, Number(r.n)]));
}

/** Pre-purchase waivers and inductions of these schedules that the customer has not met. */
export async function unmetRestrictions(db: Conn, userId: number, scheduleIds: number[]) {
  if (scheduleIds.length === 0) return [];
  return db
    .select({
      scheduleId: scheduleRestrictions.scheduleId,
      criteria: scheduleRestrictions.criteria,
      id: restrictions.id,
      name: restrictions.name,
      type: restrictions.type,
    })
    .from(scheduleRestrictions)
    .innerJoin(restrictions, eq(restrictions.id, scheduleRestrictions.restrictionId))
    .where(
      and(
        inArray(scheduleRestrictions.scheduleId, scheduleIds),
        inArray(restrictions.type, ['pre-purchase-waiver', 'pre-purchase-induction']),
        sql`NOT EXISTS (SELECT 1 FROM ${restrictionCompletions} rc WHERE rc.user_id = ${userId} AND rc.restriction_id = ${restrictions.id})`,
      ),
    );
}

/** How many live sessions each local day has. */
export async function datesWithSessions(
  db: Conn,
  clientId: number,
  venueId: number,
  categoryIds: number[],
  from: Date,
  to: Date,
  tz: string,
) {
  const day = sql<string>`to_char(${occurrences.startsAt} AT TIME ZONE ${tz}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, sessions: sql<number>`count(*)::int` })
    .from(occurrences)
    .where(
      and(
        eq(occurrences.clientId, clientId),
        eq(occurrences.venueId, venueId),
        inArray(occurrences.categoryId, categoryIds),
        isNull(occurrences.deletedAt),
        ne(occurrences.status, 'cancelled'),
        gte(occurrences.startsAt, from),
        lt(occurrences.startsAt, to),
      ),
    )
    // By position: the time zone is a parameter, so each mention of the expression would be a different one.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ day: r.day, sessions: Number(r.sessions) }));
}

/** Ticket types of the ticketed schedules of a category at a venue. */
export async function ticketTypesOf(db: Conn, clientId: number, venueId: number, categoryId: number) {
  return db
    .select({
      id: pricingOptions.id,
      name: pricingOptions.name,
      reference: pricingOptions.reference,
      attendees: pricingOptions.attendees,
      price: pricingOptions.price,
    })
    .from(pricingOptions)
    .innerJoin(schedules, eq(schedules.id, pricingOptions.scheduleId))
    .where(
      and(
        eq(schedules.clientId, clientId),
        eq(schedules.venueId, venueId),
        eq(schedules.categoryId, categoryId),
        eq(schedules.bookingType, 'ticketed'),
      ),
    )
    .orderBy(asc(pricingOptions.id));
}

/** A live (not deleted) occurrence of a client, locked for the rest of the transaction; null when there is none. */
export async function lockOccurrence(tx: Conn, clientId: number, id: string) {
  const [o] = await tx
    .select()
    .from(occurrences)
    .where(and(eq(occurrences.id, id), eq(occurrences.clientId, clientId), isNull(occurrences.deletedAt)))
    .for('update');
  return o ?? null;
}
