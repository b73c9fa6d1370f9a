import { dayjs, type OccurrenceUpdateBody } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, instructors, locations, occurrences, waitlistEntries } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError, fieldError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { givePlacesBack } from '../bookings/capacity';
import { owePaidBookingCancellations } from '../cancellations/occurrence';
import { audit } from '../staff/audit';
import { offerFreedPlaces } from '../waitlists/offers';
import { recheckClashes } from './clash-check';
import { lockOccurrence as lockLiveOccurrence } from './queries';

async function lockOccurrence(c: AuthedCtx, tx: Tx, id: string) {
  const o = await lockLiveOccurrence(tx, c.client.id, id);
  if (!o) throw new AppError('not_found');
  return o;
}

/**
 * Staff change one session: its start time (same local day), duration, spaces, friendly name, instructors or
 * capacity. Lists sent replace what was there. The session detaches from its recurrence, and clashes are rechecked
 * around both its old and new times.
 */
export async function updateOccurrence(c: AuthedCtx, id: string, body: OccurrenceUpdateBody): Promise<void> {
  const tz = c.client.timezone;
  const windows = await inTransaction(c.db, async (tx) => {
    const o = await lockOccurrence(c, tx, id);
    const before = { venueId: o.venueId, from: o.startsAt, to: o.endsAt };
    const changes: Partial<typeof occurrences.$inferInsert> = { isDetachedFromRecurrence: true };

    if (body.start_time !== undefined || body.duration_minutes !== undefined) {
      const day = dayjs(o.startsAt).tz(tz).format('YYYY-MM-DD');
      const start = body.start_time ? dayjs.tz(`${day} ${body.start_time}`, 'YYYY-MM-DD HH:mm', tz).toDate() : o.startsAt;
      const minutes = body.duration_minutes ?? Math.round((o.endsAt.getTime() - o.startsAt.getTime()) / 60_000);
      changes.startsAt = start;
      changes.endsAt = new Date(start.getTime() + minutes * 60_000);
    }
    if (body.friendly_location_name !== undefined) changes.friendlyLocationName = body.friendly_location_name;
    if (body.capacity) {
      if (body.capacity.strategy !== o.capacityStrategy)
        throw fieldError({ 'capacity.strategy': ['The capacity strategy cannot be changed.'] });
      if (body.capacity.strategy === 'shared') {
        if (body.capacity.capacity < o.capacityConsumed) {
          throw fieldError({ 'capacity.capacity': [`Must be at least ${o.capacityConsumed}, the places already taken.`] });
        }
        changes.capacityMaximum = body.capacity.capacity;
      } else {
        const errors: Record<string, string[]> = {};
        if (body.capacity.online < o.consumedOnline)
          errors['capacity.online'] = [`Must be at least ${o.consumedOnline}, the places already taken online.`];
        if (body.capacity.foh < o.consumedFoh)
          errors['capacity.foh'] = [`Must be at least ${o.consumedFoh}, the places already taken at the front desk.`];
        if (Object.keys(errors).length) throw fieldError(errors);
        changes.capacityOnline = body.capacity.online;
        changes.capacityFoh = body.capacity.foh;
        changes.capacityMaximum = body.capacity.online + body.capacity.foh;
      }
    }
    if (body.location_ids) {
      const ids = [...new Set(body.location_ids)];
      const found = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(and(inArray(locations.id, ids), eq(locations.venueId, o.venueId)));
      if (found.length !== ids.length) throw fieldError({ location_ids: ['Every location must be a space of this venue.'] });
      changes.locationIds = ids;
    }
    if (body.instructor_ids) {
      const ids = [...new Set(body.instructor_ids)];
      if (ids.length) {
        const found = await tx
          .select({ id: instructors.id })
          .from(instructors)
          .where(and(inArray(instructors.id, ids), eq(instructors.clientId, c.client.id)));
        if (found.length !== ids.length) throw fieldError({ instructor_ids: ['The selected instructor is invalid.'] });
      }
      changes.instructorIds = ids;
    }
    await tx.update(occurrences).set(changes).where(eq(occurrences.id, o.id));
    await audit(c, 'session.updated', null, { occurrence_id: o.id, changes: body }, tx);
    // More places (or an earlier close): the waitlist gets any place now free.
    if (body.capacity) await offerFreedPlaces(tx, c, o.id, c.clock.now());
    return [before, { venueId: o.venueId, from: changes.startsAt ?? o.startsAt, to: changes.endsAt ?? o.endsAt }];
  });
  await recheckAround(c, windows);
}

/**
 * Deletes a session with one of the spec's reasons. The row stays (with the reason) for its bookings' history and
 * leaves every list. Places held in baskets are given back and its waitlist is cleared; each paid booking is
 * cancelled with source 'occurrence', refunded or credited and its attendee emailed by a durable job of its own,
 * written in this transaction (modules/cancellations/occurrence.ts).
 */
export async function deleteOccurrence(c: AuthedCtx, id: string, reason: string): Promise<void> {
  const window = await inTransaction(c.db, async (tx) => {
    const o = await lockOccurrence(c, tx, id);
    const now = c.clock.now();
    const cancelled = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, cancellationSource: 'occurrence' })
      .where(and(eq(bookings.occurrenceId, o.id), eq(bookings.status, 'reserved')))
      .returning({ places: bookings.capacityConsumed, source: bookings.source });
    for (const b of cancelled) await givePlacesBack(tx, o.id, b.places, b.source);
    await owePaidBookingCancellations(tx, o.id, now);
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.occurrenceId, o.id));
    await tx.update(occurrences).set({ deletedAt: now, deletionReason: reason }).where(eq(occurrences.id, o.id));
    // Calling a session off cancels everyone's booking on it: who did it, and why, is kept with the deletion.
    await audit(c, 'session.deleted', null, { occurrence_id: o.id, reason, holds_released: cancelled.length }, tx);
    return { venueId: o.venueId, from: o.startsAt, to: o.endsAt };
  });
  await recheckAround(c, [window]);
}

/** Clashes of the sessions near a changed one may have appeared or gone. */
async function recheckAround(c: AuthedCtx, windows: { venueId: number; from: Date; to: Date }[]): Promise<void> {
  const day = 86_400_000;
  for (const w of windows)
    await recheckClashes(c.db, c.client.id, w.venueId, new Date(w.from.getTime() - day), new Date(w.to.getTime() + day));
}
