import { calendarLocation } from '@app/domain';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { bookingCancellations, bookings, calendarFeeds, linkedUsers, occurrences, orders, schedules, users, venues } from '../../db/schema';
import type { AuthedCtx, Ctx } from '../../http/context';
import { notFound } from '../../lib/errors';
import { newToken, sha256 } from '../../lib/ids';
import { actingUserId } from '../auth/acting-for';
import { addressLine } from '../notifications/brand';
import { bookingUid, type CalendarEvent, icsOf } from './ics';

/** The most events a feed lists: a customer's upcoming bookings are a handful; this only bounds the work. */
const FEED_LIMIT = 500;

const eventColumns = {
  bookingId: bookings.id,
  userId: bookings.userId,
  status: bookings.status,
  orderUserId: orders.userId,
  title: schedules.name,
  startsAt: occurrences.startsAt,
  endsAt: occurrences.endsAt,
  locationName: occurrences.friendlyLocationName,
  venue: venues,
};

type EventRow = {
  bookingId: number;
  status: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  locationName: string | null;
  venue: typeof venues.$inferSelect;
};

const eventOf = (c: Ctx, r: EventRow): CalendarEvent => ({
  uid: bookingUid(c.client.identifier, r.bookingId),
  title: r.title,
  start: r.startsAt,
  end: r.endsAt,
  location: calendarLocation({ place: r.locationName, venue: r.venue.name, address: addressLine(r.venue) }),
  description: `Booked with ${c.client.name}.`,
  cancelled: r.status === 'cancelled',
});

/**
 * Bookings that were once paid: settled ones, and cancelled ones that were settled when cancelled (each has its
 * booking_cancellations row, written only by the settled -> cancelled move). A place held in a basket that expired,
 * was taken out, left with the waitlist or arrived too late to pay never was anyone's booking: it is in no calendar.
 */
const oncePaid = sql`(${bookings.status} = 'settled' OR (${bookings.status} = 'cancelled'
  AND EXISTS (SELECT 1 FROM ${bookingCancellations} WHERE ${bookingCancellations.bookingId} = ${bookings.id})))`;

const icsFor = (c: Ctx, events: CalendarEvent[]) =>
  icsOf(events, { name: `${c.client.name} bookings`, timezone: c.client.timezone, productName: c.client.name });

/**
 * One booking as an .ics file: for the customer it is for, someone who may act for them (an accepted link, staff of
 * the client), or whoever paid for it. Anyone else gets a 404, as for a booking that does not exist.
 */
export async function bookingIcs(c: AuthedCtx, bookingId: number): Promise<string> {
  const [row] = await c.db
    .select(eventColumns)
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .where(and(eq(bookings.clientId, c.client.id), eq(bookings.id, bookingId), oncePaid))
    .limit(1);
  if (!row) throw notFound();
  if (row.userId !== c.user.id && row.orderUserId !== c.user.id) await actingUserId(c, row.userId);
  return icsFor(c, [eventOf(c, row)]);
}

/** Whether the caller has a calendar feed (its URL cannot be shown again: only its hash is kept). */
export async function feedStatus(c: AuthedCtx): Promise<{ active: boolean; created_at: string | null }> {
  const [feed] = await c.db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.clientId, c.client.id), eq(calendarFeeds.userId, c.user.id)));
  return { active: Boolean(feed), created_at: feed?.createdAt.toISOString() ?? null };
}

/**
 * A new secret feed URL for the caller, replacing any earlier one in one statement: the old URL stops working at
 * once (decision 108). The secret is shown only in this answer.
 */
export async function resetFeed(c: AuthedCtx, origin: string): Promise<{ url: string; created_at: string }> {
  const secret = newToken();
  const now = c.clock.now();
  await c.db
    .insert(calendarFeeds)
    .values({ userId: c.user.id, clientId: c.client.id, secretHash: sha256(secret), createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { secretHash: sha256(secret), createdAt: now } });
  return { url: `${origin}/api/calendar-feeds/${secret}.ics`, created_at: now.toISOString() };
}

export async function removeFeed(c: AuthedCtx): Promise<void> {
  await c.db.delete(calendarFeeds).where(and(eq(calendarFeeds.clientId, c.client.id), eq(calendarFeeds.userId, c.user.id)));
}

/**
 * The private feed: the owner's bookings and those of the people they book for (once paid) whose sessions have not
 * ended, someone else's titled with their first name, the cancelled ones as
 * STATUS:CANCELLED (so calendars that had them take them out). Found only by the secret's hash and only on its own client; an unknown
 * or replaced secret is a 404.
 */
export async function feedIcs(c: Ctx, secret: string): Promise<string> {
  const [feed] = await c.db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.clientId, c.client.id), eq(calendarFeeds.secretHash, sha256(secret))));
  if (!feed) throw notFound();
  // The people the owner books for (accepted links) are in the owner's feed too: a parent's calendar holds the
  // children's swimming lessons, whoever of the family booked them (the owner sees them in My account already).
  const people = [
    feed.userId,
    ...(
      await c.db
        .select({ id: linkedUsers.referencedUserId })
        .from(linkedUsers)
        .where(and(eq(linkedUsers.clientId, c.client.id), eq(linkedUsers.userId, feed.userId), eq(linkedUsers.status, 'successful')))
    ).flatMap((l) => (l.id === null ? [] : [l.id])),
  ];
  const rows = await c.db
    .select({ ...eventColumns, attendee: users.firstName })
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .where(and(eq(bookings.clientId, c.client.id), inArray(bookings.userId, people), oncePaid, gt(occurrences.endsAt, c.clock.now())))
    .orderBy(asc(occurrences.startsAt), asc(bookings.id))
    .limit(FEED_LIMIT);
  return icsFor(
    c,
    rows.map((r) => eventOf(c, r.userId === feed.userId ? r : { ...r, title: `${r.title} (${r.attendee})` })),
  );
}
