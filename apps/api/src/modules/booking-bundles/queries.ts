import { and, asc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { bookingBundles, bookings, cartItems, categories, occurrences, orders, schedules, users, venues } from '../../db/schema';
import { randomId } from '../../lib/ids';

/** Doc 2: a bundle identifier is 34 characters of letters, digits, underscore or hyphen: 'bb_' and 31 more. */
export const newBundleId = () => randomId('bb_', 31);

export async function insertBundle(tx: Conn, values: Omit<typeof bookingBundles.$inferInsert, 'id'>) {
  const [row] = await tx
    .insert(bookingBundles)
    .values({ ...values, id: newBundleId() })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The attendee's paid bookings on these sessions, with what each cost (the rest of a camp, decision 082). */
export async function heldSessions(tx: Conn, userId: number, occurrenceIds: string[]) {
  if (occurrenceIds.length === 0) return [];
  const rows = await tx
    .select({ id: bookings.occurrenceId, price: bookings.price })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'settled'), inArray(bookings.occurrenceId, occurrenceIds)));
  return rows.map((r) => ({ id: r.id, price: r.price ?? 0 }));
}

/**
 * A bundle's bookings are its basket line's: those reserved or paid, and those cancelled after being paid (a hold
 * that ran out before payment, or a line taken out of the basket, is not part of what was booked).
 */
export const partOfBooking = or(sql`${bookings.status} <> 'cancelled'`, sql`${bookings.orderId} IS NOT NULL`) as SQL;

export const bookingColumns = {
  booking: bookings,
  occurrence: occurrences,
  scheduleName: schedules.name,
  scheduleDescription: schedules.description,
  category: { id: categories.id, name: categories.name, slug: categories.slug },
  venue: { id: venues.id, name: venues.name, slug: venues.slug },
  user: { id: users.id, reference: users.reference, firstName: users.firstName, lastName: users.lastName },
  orderStatus: orders.status,
  bundleId: bookingBundles.id,
  settledInBundle: sql<number | null>`CASE WHEN ${bookingBundles.id} IS NULL THEN NULL ELSE (
    SELECT count(*)::int FROM ${bookings} b2 WHERE b2.cart_item_id = ${bookings.cartItemId} AND b2.status = 'settled') END`,
  positionInBundle: sql<number | null>`CASE WHEN ${bookingBundles.id} IS NULL OR ${bookings.status} <> 'settled' THEN NULL ELSE (
    SELECT count(*)::int FROM ${bookings} b2 JOIN ${occurrences} o2 ON o2.id = b2.occurrence_id
    WHERE b2.cart_item_id = ${bookings.cartItemId} AND b2.status = 'settled'
      AND (o2.starts_at < ${occurrences.startsAt} OR (o2.starts_at = ${occurrences.startsAt} AND b2.id <= ${bookings.id}))) END`,
};

const bookingQuery = (db: Conn) =>
  db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .innerJoin(categories, eq(categories.id, occurrences.categoryId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .leftJoin(bookingBundles, eq(bookingBundles.cartItemId, bookings.cartItemId));

export type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingQuery>['execute']>>[number];

export async function bookingsOfBundle(db: Conn, cartItemId: number): Promise<BookingRow[]> {
  return bookingQuery(db)
    .where(and(eq(bookings.cartItemId, cartItemId), partOfBooking))
    .orderBy(asc(occurrences.startsAt), asc(bookings.id));
}

export async function findBookingRow(db: Conn, clientId: number, bookingId: number): Promise<BookingRow | undefined> {
  const [row] = await bookingQuery(db).where(and(eq(bookings.clientId, clientId), eq(bookings.id, bookingId)));
  return row;
}

export interface BookingFilter {
  clientId: number;
  occurrenceId?: string | undefined;
  userId?: number | undefined;
  startsAfter?: Date | undefined;
  startsBefore?: Date | undefined;
  statuses: ('settled' | 'reserved' | 'cancelled')[];
  cancellationSource?: string | undefined;
}

/** Doc 2's bookings list: a client's bookings by session, person, window, status and cancellation source, by start. */
export async function listBookingRows(db: Conn, f: BookingFilter, page: { offset: number; limit: number }) {
  const where: SQL[] = [eq(bookings.clientId, f.clientId), inArray(bookings.status, f.statuses)];
  if (f.occurrenceId) where.push(eq(bookings.occurrenceId, f.occurrenceId));
  if (f.userId) where.push(eq(bookings.userId, f.userId));
  if (f.startsAfter) where.push(gte(occurrences.startsAt, f.startsAfter));
  if (f.startsBefore) where.push(lt(occurrences.startsAt, f.startsBefore));
  if (f.cancellationSource) where.push(eq(bookings.cancellationSource, f.cancellationSource));
  const [rows, total] = await Promise.all([
    bookingQuery(db)
      .where(and(...where))
      .orderBy(asc(occurrences.startsAt), asc(bookings.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
      .where(and(...where)),
  ]);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

/** One bundle of a client with its basket line and the cart's owner. */
export async function findBundle(db: Conn, clientId: number, bundleId: string) {
  const [row] = await db
    .select({
      bundle: bookingBundles,
      item: cartItems,
      schedule: schedules,
      category: { id: categories.id, name: categories.name, slug: categories.slug },
      venue: { id: venues.id, name: venues.name, slug: venues.slug },
      user: { id: users.id, reference: users.reference, firstName: users.firstName, lastName: users.lastName },
    })
    .from(bookingBundles)
    .innerJoin(cartItems, eq(cartItems.id, bookingBundles.cartItemId))
    .innerJoin(schedules, eq(schedules.id, bookingBundles.scheduleId))
    .innerJoin(categories, eq(categories.id, schedules.categoryId))
    .innerJoin(venues, eq(venues.id, schedules.venueId))
    .innerJoin(users, eq(users.id, bookingBundles.userId))
    .where(and(eq(bookingBundles.clientId, clientId), eq(bookingBundles.id, bundleId)));
  return row;
}

export type BundleRow = NonNullable<Awaited<ReturnType<typeof findBundle>>>;

/**
 * Bundles someone attends or booked, bought (at least one booking ever paid), newest first; optionally of one order.
 */
export async function bundleIdsFor(
  db: Conn,
  clientId: number,
  userId: number,
  orderId: number | undefined,
  page: { offset: number; limit: number },
) {
  const paid = sql`EXISTS (SELECT 1 FROM ${bookings} b WHERE b.cart_item_id = ${bookingBundles.cartItemId} AND b.order_id IS NOT NULL
    ${orderId === undefined ? sql`` : sql`AND b.order_id = ${orderId}`})`;
  const where = and(
    eq(bookingBundles.clientId, clientId),
    or(eq(bookingBundles.userId, userId), eq(bookingBundles.bookedByUserId, userId)),
    paid,
  );
  const [rows, total] = await Promise.all([
    db
      .select({ id: bookingBundles.id })
      .from(bookingBundles)
      .where(where)
      .orderBy(sql`${bookingBundles.createdAt} DESC`, asc(bookingBundles.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(bookingBundles).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(total[0]?.n ?? 0) };
}
