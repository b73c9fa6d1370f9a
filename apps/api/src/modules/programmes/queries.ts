import { and, asc, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { categories, occurrences, pricingOptions, schedules, venues } from '../../db/schema';

export interface ProgrammeFilter {
  clientId: number;
  bookingType: 'courses' | 'camps';
  categoryIds?: number[];
  categorySlugs?: string[];
  venueIds?: number[];
  venueSlugs?: string[];
  startsAfter?: Date;
  startsBefore?: Date;
  scheduleId?: number;
}

/**
 * Course or camp schedules matching the filters, each with the span of its live sessions. A programme matches the
 * date filters by its first session.
 */
export async function findProgrammes(db: Conn, f: ProgrammeFilter, page?: { offset: number; limit: number }) {
  const where: SQL[] = [eq(schedules.clientId, f.clientId), eq(schedules.bookingType, f.bookingType)];
  if (f.scheduleId) where.push(eq(schedules.id, f.scheduleId));
  if (f.categoryIds) where.push(inArray(schedules.categoryId, f.categoryIds));
  if (f.categorySlugs) where.push(inArray(categories.slug, f.categorySlugs));
  if (f.venueIds) where.push(inArray(schedules.venueId, f.venueIds));
  if (f.venueSlugs) where.push(inArray(venues.slug, f.venueSlugs));
  const span = db
    .select({
      scheduleId: occurrences.scheduleId,
      first: sql<Date>`min(${occurrences.startsAt})`.as('first'),
      last: sql<Date>`max(${occurrences.endsAt})`.as('last'),
    })
    .from(occurrences)
    .where(and(isNull(occurrences.deletedAt), ne(occurrences.status, 'cancelled')))
    .groupBy(occurrences.scheduleId)
    .as('span');
  if (f.startsAfter) where.push(sql`${span.first} >= ${f.startsAfter}`);
  if (f.startsBefore) where.push(sql`${span.first} < ${f.startsBefore}`);
  const base = db
    .select({ schedule: schedules, category: categories, venue: venues, first: span.first, last: span.last })
    .from(schedules)
    .innerJoin(categories, eq(categories.id, schedules.categoryId))
    .innerJoin(venues, eq(venues.id, schedules.venueId))
    .innerJoin(span, eq(span.scheduleId, schedules.id))
    .where(and(...where))
    .orderBy(asc(span.first), asc(schedules.id));
  const [rows, total] = await Promise.all([
    page ? base.limit(page.limit).offset(page.offset) : base,
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(schedules)
      .innerJoin(categories, eq(categories.id, schedules.categoryId))
      .innerJoin(venues, eq(venues.id, schedules.venueId))
      .innerJoin(span, eq(span.scheduleId, schedules.id))
      .where(and(...where)),
  ]);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

export type ProgrammeRow = Awaited<ReturnType<typeof findProgrammes>>['rows'][number];

/** Extras of courses and camps: their schedule's pricing options. */
export const extrasOf = (db: Conn, scheduleIds: number[]) =>
  scheduleIds.length === 0
    ? Promise.resolve([])
    : db.select().from(pricingOptions).where(inArray(pricingOptions.scheduleId, scheduleIds)).orderBy(asc(pricingOptions.id));

/** Categories with live sessions that can still be booked, and how many, within the filters. */
export async function bookableCategoryCounts(
  db: Conn,
  clientId: number,
  f: { venueIds?: number[]; startsAfter: Date; startsBefore?: Date; openAt?: Date },
) {
  const where: SQL[] = [
    eq(occurrences.clientId, clientId),
    isNull(occurrences.deletedAt),
    ne(occurrences.status, 'cancelled'),
    gt(occurrences.startsAt, f.startsAfter),
  ];
  if (f.startsBefore) where.push(sql`${occurrences.startsAt} < ${f.startsBefore}`);
  if (f.venueIds) where.push(inArray(occurrences.venueId, f.venueIds));
  if (f.openAt) where.push(sql`coalesce(${occurrences.lastBookableAt}, ${occurrences.startsAt}) > ${f.openAt}`);
  const rows = await db
    .select({ categoryId: occurrences.categoryId, n: sql<number>`count(*)::int` })
    .from(occurrences)
    .where(and(...where))
    .groupBy(occurrences.categoryId);
  return new Map(rows.map((r) => [r.categoryId, Number(r.n)]));
}
