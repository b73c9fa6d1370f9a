import { and, asc, eq, sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../db/client';
import { bookings, clients, occurrences, schedules, venues, waitlistEntries } from '../../db/schema';
import type { Deps } from '../../http/context';
import { enqueue } from '../../jobs/queue';
import { newToken } from '../../lib/ids';
import { inTransaction } from '../../lib/transaction';
import { releaseExpiredHolds, takePlaces } from '../bookings/capacity';
import { notifyWaitlistOffer } from '../cancellations/notify';

/**
 * Waitlist offers (docs/decisions/102-waitlist-offers.md). A place freed on a session with people waiting goes to the
 * first of them, in the same transaction that freed it: the place is taken for them at once (a reserved booking
 * held until the offer runs out), so no walk-up customer can take it meanwhile, and the entry moves waiting ->
 * offered once. Callers hold the occurrence row's lock (they just changed its capacity), so two places freed at once
 * are offered one after the other, to two different people.
 */

export const OFFER_EXPIRY_JOB = 'waitlists.offer-expiry';

/** The path of an offer's link in the web app; it puts the held place in the customer's basket. */
export const offerPath = (token: string) => `/waitlist-offer/${token}`;

/**
 * Where the client's links go: its first domain over https; a local development domain (*.localhost) keeps the
 * scheme and port of PUBLIC_ORIGIN; no domain, PUBLIC_ORIGIN itself.
 */
export function clientOrigin(domains: string[], publicOrigin: string): string {
  const domain = domains[0];
  if (!domain) return publicOrigin;
  if (domain === 'localhost' || domain.endsWith('.localhost')) {
    const u = new URL(publicOrigin);
    return `${u.protocol}//${domain}${u.port ? `:${u.port}` : ''}`;
  }
  return `https://${domain}`;
}

export async function offerFreedPlaces(tx: Tx, deps: Deps, occurrenceId: string, now: Date): Promise<number> {
  const [o] = await tx
    .select({
      occurrence: occurrences,
      name: schedules.name,
      venue: venues.name,
      minutes: clients.waitlistOfferMinutes,
      domains: clients.domains,
    })
    .from(occurrences)
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .innerJoin(clients, eq(clients.id, occurrences.clientId))
    .where(eq(occurrences.id, occurrenceId))
    .for('update', { of: occurrences });
  const clientId = o?.occurrence.clientId ?? 0;
  if (!o || o.occurrence.deletedAt || o.occurrence.status === 'cancelled' || o.occurrence.waitlistMaximum === null) return 0;
  const closes = o.occurrence.lastBookableAt ?? o.occurrence.startsAt;
  // Never held past the session's last bookable time.
  const until = new Date(Math.min(now.getTime() + o.minutes * 60_000, closes.getTime()));
  if (until <= now) return 0;
  let offered = 0;
  for (;;) {
    const [next] = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.occurrenceId, occurrenceId), eq(waitlistEntries.status, 'waiting')))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      .limit(1)
      // Locked, so the waiting -> offered move below cannot find it changed (leaving takes the occurrence lock too;
      // this also covers any writer that does not).
      .for('update');
    if (!next) break;
    const [holds] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.occurrenceId, occurrenceId), eq(bookings.userId, next.userId), sql`${bookings.status} <> 'cancelled'`));
    if (holds) {
      // Booked meanwhile another way: they need no offer.
      await tx
        .update(waitlistEntries)
        .set({ status: 'accepted' })
        .where(and(eq(waitlistEntries.id, next.id), eq(waitlistEntries.status, 'waiting')));
      continue;
    }
    if ((await takePlaces(tx, clientId, occurrenceId, 1, now, 'online')) !== 'taken') break;
    const [held] = await tx
      .insert(bookings)
      .values({
        clientId,
        userId: next.userId,
        occurrenceId,
        status: 'reserved',
        capacityConsumed: 1,
        price: o.occurrence.price ?? 0,
        source: 'online',
        holdExpiresAt: until,
        createdAt: now,
      })
      .returning({ id: bookings.id });
    const token = newToken();
    const moved = await tx
      .update(waitlistEntries)
      .set({ status: 'offered', offerBookingId: held?.id ?? null, offeredAt: now, offerExpiresAt: until, offerToken: token })
      .where(and(eq(waitlistEntries.id, next.id), eq(waitlistEntries.status, 'waiting')))
      .returning({ id: waitlistEntries.id });
    if (moved.length === 0) throw new Error(`waitlist entry ${next.id} changed under the occurrence lock`);
    await enqueue(tx, now, { name: OFFER_EXPIRY_JOB, uniqueKey: String(next.id), payload: { entryId: next.id }, runAt: until });
    const origin = clientOrigin(o.domains, deps.config.publicOrigin);
    await notifyWaitlistOffer(
      tx,
      {
        clientId,
        userId: next.userId,
        bookingId: held?.id ?? 0,
        name: o.name,
        startsAt: o.occurrence.startsAt,
        endsAt: o.occurrence.endsAt,
        venue: o.venue,
        link: `${origin}${offerPath(token)}`,
        until,
      },
      now,
    );
    offered++;
  }
  return offered;
}

/**
 * The offer's time is up: if its place was not paid for, the hold is released and the place goes to the next person.
 * Idempotent: an entry already settled (accepted and paid) or expired is left alone.
 */
export async function expireOffer(deps: Deps, entryId: number, now: Date): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const [e] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId));
    if (!e || (e.status !== 'offered' && e.status !== 'accepted') || !e.offerExpiresAt || e.offerExpiresAt > now) return;
    await tx.select({ id: occurrences.id }).from(occurrences).where(eq(occurrences.id, e.occurrenceId)).for('update');
    await releaseExpiredHolds(tx, e.occurrenceId, now);
    const [b] = e.offerBookingId
      ? await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, e.offerBookingId))
      : [];
    if (b?.status === 'settled') {
      await tx
        .update(waitlistEntries)
        .set({ status: 'accepted' })
        .where(and(eq(waitlistEntries.id, e.id), eq(waitlistEntries.status, e.status)));
    } else {
      // Still held: another transaction is releasing it right now (SKIP LOCKED); the job runs again.
      if (b?.status === 'reserved') throw new Error(`offer ${e.id}: its hold is being released elsewhere`);
      await tx
        .update(waitlistEntries)
        .set({ status: 'expired' })
        .where(and(eq(waitlistEntries.id, e.id), eq(waitlistEntries.status, e.status)));
    }
    await offerFreedPlaces(tx, deps, e.occurrenceId, now);
  });
}

/** Someone's place in a session's queue: 1 for the first waiting, null when not waiting. */
export async function queuePosition(db: Conn, occurrenceId: string, userId: number): Promise<number | null> {
  const [row] = await db
    .select({
      position: sql<number>`(SELECT count(*)::int FROM ${waitlistEntries} w2 WHERE w2.occurrence_id = ${waitlistEntries.occurrenceId}
        AND w2.status = 'waiting' AND (w2.created_at, w2.id) <= (${waitlistEntries.createdAt}, ${waitlistEntries.id}))`,
    })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.occurrenceId, occurrenceId), eq(waitlistEntries.userId, userId), eq(waitlistEntries.status, 'waiting')));
  return row ? Number(row.position) : null;
}
