import { toastMessages } from '@app/contracts';
import { availablePlaces } from '@app/domain';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, occurrences, schedules, users, waitlistEntries } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { actingUserId } from '../auth/acting-for';
import { givePlacesBack } from '../bookings/capacity';
import { capacityFor } from '../timetable/occurrence-view';
import { lockOccurrence } from '../timetable/queries';
import { offerFreedPlaces } from './offers';

export const waitlistMessages = {
  notFull: 'This session still has places: book it instead.',
  noWaitlist: 'This session has no waitlist.',
  full: 'The waitlist for this session is full.',
  already: 'You are already on the waitlist for this session.',
  holdsPlace: 'You already have a place on this session.',
} as const;

/**
 * The user a waitlist call acts for: the signed-in user, a linked user they may act for, or, for staff, a customer
 * of the client (actingUserId; anyone else is a 404).
 */
const waitlistUser = (c: AuthedCtx, userId: number | undefined): Promise<number> => actingUserId(c, userId);

async function lockBookableOccurrence(tx: Tx, c: AuthedCtx, id: string) {
  const o = await lockOccurrence(tx, c.client.id, id);
  if (!o) throw new AppError('not_found');
  return o;
}

/**
 * Joins the waitlist of a full session. The occurrence row is locked, so two people after the last waitlist place
 * are served one at a time and the waitlist never grows past its maximum.
 */
export async function joinWaitlist(c: AuthedCtx, occurrenceId: string, userId?: number) {
  const who = await waitlistUser(c, userId);
  const entry = await inTransaction(c.db, async (tx) => {
    const o = await lockBookableOccurrence(tx, c, occurrenceId);
    if ((o.lastBookableAt ?? o.startsAt) <= c.clock.now() || o.status === 'cancelled') throw new AppError('occurrence_not_bookable');
    if (o.waitlistMaximum === null) throw new AppError('waitlist_unavailable', { message: waitlistMessages.noWaitlist });
    const cap = capacityFor(o, 'online');
    if (availablePlaces(cap.maximum, cap.consumed) > 0) throw new AppError('waitlist_unavailable', { message: waitlistMessages.notFull });
    const [held] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.occurrenceId, o.id), eq(bookings.userId, who), ne(bookings.status, 'cancelled')));
    if (held) throw new AppError('waitlist_unavailable', { message: waitlistMessages.holdsPlace });
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.occurrenceId, o.id), sql`${waitlistEntries.status} IN ('waiting', 'offered')`));
    const [mine] = await tx
      .select({ id: waitlistEntries.id, status: waitlistEntries.status })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.occurrenceId, o.id), eq(waitlistEntries.userId, who)));
    if (mine?.status === 'waiting' || mine?.status === 'offered')
      throw new AppError('waitlist_unavailable', { message: waitlistMessages.already });
    // An offer that ran out (or a place since given up): joining again goes to the back of the queue.
    if (mine) await tx.delete(waitlistEntries).where(eq(waitlistEntries.id, mine.id));
    if (Number(count?.n ?? 0) >= o.waitlistMaximum) throw new AppError('waitlist_unavailable', { message: waitlistMessages.full });
    const [row] = await tx
      .insert(waitlistEntries)
      .values({ clientId: c.client.id, occurrenceId: o.id, userId: who, createdAt: c.clock.now() })
      .returning();
    return row as typeof waitlistEntries.$inferSelect;
  });
  return { entry: await describeEntry(c, entry.id), message: toastMessages.waitlistJoined };
}

/**
 * Leaves a waitlist: by entry id (v2 calls) or by occurrence and user (v1 calls). One's own, a linked user's, or staff.
 * Under the occurrence's lock, as every offer is made, so leaving never races an offer: someone who leaves while a
 * place is held for them (offered, not yet in their basket) declines it, and the place goes to the next in the queue
 * at once instead of sitting held until the offer would have run out.
 */
export async function leaveWaitlist(c: AuthedCtx, by: { entryId: number } | { occurrenceId: string; userId: number }) {
  const where =
    'entryId' in by
      ? and(eq(waitlistEntries.id, by.entryId), eq(waitlistEntries.clientId, c.client.id))
      : and(
          eq(waitlistEntries.occurrenceId, by.occurrenceId),
          eq(waitlistEntries.userId, await waitlistUser(c, by.userId)),
          eq(waitlistEntries.clientId, c.client.id),
        );
  const [entry] = await c.db.select().from(waitlistEntries).where(where);
  if (!entry) throw new AppError('not_found');
  if (entry.userId !== c.user.id) await waitlistUser(c, entry.userId);
  await inTransaction(c.db, async (tx) => {
    const now = c.clock.now();
    await tx.select({ id: occurrences.id }).from(occurrences).where(eq(occurrences.id, entry.occurrenceId)).for('update');
    const [gone] = await tx.delete(waitlistEntries).where(eq(waitlistEntries.id, entry.id)).returning();
    if (!gone) throw new AppError('not_found');
    if (gone.status !== 'offered' || gone.offerBookingId === null) return;
    // The held place is given up only while it is still just held for them (not yet in a basket).
    const [held] = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, cancellationSource: 'waitlist_left' })
      .where(and(eq(bookings.id, gone.offerBookingId), eq(bookings.status, 'reserved'), isNull(bookings.cartItemId)))
      .returning({ places: bookings.capacityConsumed, source: bookings.source });
    if (!held) return;
    await givePlacesBack(tx, gone.occurrenceId, held.places, held.source);
    await offerFreedPlaces(tx, c, gone.occurrenceId, now);
  });
  return { message: toastMessages.waitlistLeft };
}

async function describeEntry(c: AuthedCtx, id: number) {
  const [row] = await c.db
    .select({ entry: waitlistEntries, user: users, startsAt: occurrences.startsAt, name: schedules.name })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .innerJoin(occurrences, eq(occurrences.id, waitlistEntries.occurrenceId))
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .where(eq(waitlistEntries.id, id));
  if (!row) throw new AppError('not_found');
  return {
    id: row.entry.id,
    user_id: row.user.id,
    user_reference: row.user.reference,
    first_name: row.user.firstName,
    last_name: row.user.lastName,
    email: row.user.email,
    occurrence: { occurrence_id: row.entry.occurrenceId, name: row.name },
    starts_at: row.startsAt.toISOString(),
    created_at: row.entry.createdAt.toISOString(),
  };
}
