import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { bookings, occurrences, orderLines, orders, paymentLines, venues } from '../../db/schema';

export async function findOrder(db: Conn, clientId: number, orderId: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.clientId, clientId), eq(orders.id, orderId)));
  return row;
}

export async function linesOf(db: Conn, orderId: number) {
  return db
    .select({
      line: orderLines,
      bookingStatus: bookings.status,
      startsAt: occurrences.startsAt,
      endsAt: occurrences.endsAt,
      friendlyLocationName: occurrences.friendlyLocationName,
      venueName: venues.name,
      venueAddress: { address1: venues.address1, address2: venues.address2, town: venues.town, postcode: venues.postcode },
      arrivalInfo: venues.arrivalInfo,
    })
    .from(orderLines)
    .leftJoin(bookings, eq(bookings.id, orderLines.bookingId))
    .leftJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .leftJoin(venues, eq(venues.id, occurrences.venueId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}

export const paymentsOf = (db: Conn, orderIds: number[]) =>
  db.select().from(paymentLines).where(inArray(paymentLines.orderId, orderIds)).orderBy(asc(paymentLines.id));
