import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import {
  bookingCancellations,
  bookings,
  guestPasses,
  membershipPlans,
  memberships,
  occurrences,
  orders,
  packagePlans,
  packages,
  schedules,
  users,
  venues,
} from '../../db/schema';

/** Every query here is scoped by client and by the user whose account is read. */

export async function findUser(db: Conn, clientId: number, userId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.id, userId)))
    .limit(1);
  return row;
}

export async function updateUser(db: Conn, clientId: number, userId: number, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set(values)
    .where(and(eq(users.clientId, clientId), eq(users.id, userId)))
    .returning();
  return row;
}

export const membershipsOf = (db: Conn, clientId: number, userId: number) =>
  db
    .select({ membership: memberships, plan: membershipPlans, homeVenue: venues.name })
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .leftJoin(venues, eq(venues.id, memberships.homeVenueId))
    .where(and(eq(memberships.clientId, clientId), eq(memberships.userId, userId)))
    .orderBy(desc(memberships.startsAt), desc(memberships.id));

export const packagesOf = (db: Conn, clientId: number, userId: number) =>
  db
    .select({ pkg: packages, plan: packagePlans })
    .from(packages)
    .innerJoin(packagePlans, eq(packagePlans.id, packages.planId))
    .where(and(eq(packages.clientId, clientId), eq(packages.userId, userId)))
    .orderBy(desc(packages.createdAt), desc(packages.id));

export const guestPassesOf = (db: Conn, clientId: number, userId: number) =>
  db
    .select()
    .from(guestPasses)
    .where(and(eq(guestPasses.clientId, clientId), eq(guestPasses.userId, userId)))
    .orderBy(asc(guestPasses.validUntil), asc(guestPasses.id));

const bookingColumns = {
  booking: bookings,
  startsAt: occurrences.startsAt,
  endsAt: occurrences.endsAt,
  friendlyLocationName: occurrences.friendlyLocationName,
  name: schedules.name,
  venueSlug: venues.slug,
  venueName: venues.name,
  venueAddress: { address1: venues.address1, address2: venues.address2, town: venues.town, postcode: venues.postcode },
  categoryId: occurrences.categoryId,
  scheduleId: occurrences.scheduleId,
  /** What its cancellation gave back, once cancelled by a policy (modules/cancellations). */
  cancelled: {
    cardRefund: bookingCancellations.cardRefund,
    membershipCredit: bookingCancellations.membershipCredit,
    generalCredit: bookingCancellations.generalCredit,
    offSystem: bookingCancellations.offSystem,
    fee: bookingCancellations.fee,
  },
};

/**
 * A cancelled booking is part of the customer's history only if it was ever theirs: it was paid for (it keeps its
 * order when cancelled), or it was paid for too late and credited ('late_payment'). A basket line removed before
 * payment ('basket'), a hold that ran out ('hold_expired') and a held place whose session was deleted ('occurrence',
 * no order) were never booked, so they stay out of the lists (issue 13, defect 3).
 */
const everBooked = or(ne(bookings.status, 'cancelled'), isNotNull(bookings.orderId), eq(bookings.cancellationSource, 'late_payment'));

/**
 * A page of a user's paid and cancelled bookings: upcoming (not yet ended, not cancelled) soonest first, or past
 * (ended, or cancelled) latest first. Reserved bookings are still in a basket and show there instead.
 */
export async function bookingsOf(
  db: Conn,
  clientId: number,
  userId: number,
  when: 'upcoming' | 'past',
  now: Date,
  page: number,
  perPage: number,
) {
  const mine = and(
    eq(bookings.clientId, clientId),
    eq(bookings.userId, userId),
    inArray(bookings.status, ['settled', 'cancelled']),
    everBooked,
  );
  const filter =
    when === 'upcoming'
      ? and(mine, eq(bookings.status, 'settled'), gt(occurrences.endsAt, now))
      : and(mine, or(lte(occurrences.endsAt, now), eq(bookings.status, 'cancelled')));
  const rows = await db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .leftJoin(bookingCancellations, eq(bookingCancellations.bookingId, bookings.id))
    .where(filter)
    .orderBy(when === 'upcoming' ? asc(occurrences.startsAt) : desc(occurrences.startsAt), asc(bookings.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .where(filter);
  return { rows, total: total?.n ?? 0 };
}

export async function findBooking(db: Conn, clientId: number, bookingId: number) {
  const [row] = await db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .leftJoin(bookingCancellations, eq(bookingCancellations.bookingId, bookings.id))
    .where(and(eq(bookings.clientId, clientId), eq(bookings.id, bookingId)))
    .limit(1);
  return row;
}

export async function ordersOf(db: Conn, clientId: number, userId: number, page: number, perPage: number) {
  const mine = and(eq(orders.clientId, clientId), eq(orders.userId, userId));
  const rows = await db
    .select({
      order: orders,
      // The outer table is named in full: drizzle writes `${orders.id}` here as a bare "id", which inside the
      // sub-select meant the line's own id, so every order counted 1 item (issue 13, defect 3).
      count: sql<number>`(select count(*)::int from order_lines l where l.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(mine)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(orders).where(mine);
  return { rows, total: total?.n ?? 0 };
}
