import { type Cart, defaultCartSource, type MyWaitlistEntry, toMoney, toZonedDateTime, type WaitlistOffer } from '@app/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { bookings, occurrences, schedules, waitlistEntries } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError, notFound } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { actingUserId } from '../auth/acting-for';
import { sessionPrice } from '../cart/benefits';
import { insertCartItem, lockOpenCart, touchCart } from '../cart/queries';
import { cartView } from '../cart/service';
import { gateRestrictions, unmetPrePurchase } from '../restrictions/pre-purchase';

async function offerByToken(c: AuthedCtx, token: string) {
  const [row] = await c.db
    .select({ entry: waitlistEntries, occurrence: occurrences, name: schedules.name })
    .from(waitlistEntries)
    .innerJoin(occurrences, eq(occurrences.id, waitlistEntries.occurrenceId))
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .where(and(eq(waitlistEntries.offerToken, token), eq(waitlistEntries.clientId, c.client.id)));
  // Only the person offered (or someone who may act for them) learns the link is real.
  if (!row) throw notFound();
  if (row.entry.userId !== c.user.id) await actingUserId(c, row.entry.userId);
  return row;
}

/** A session's restrictions as the occurrence shows them (doc 2), from what the attendee has still to meet. */
function asRestrictions(unmet: Awaited<ReturnType<typeof unmetPrePurchase>>): WaitlistOffer['restrictions'] {
  const ref = (r: (typeof unmet)[number]) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    criteria: r.criteria,
    related_category: r.relatedCategory,
  });
  const waivers = unmet.filter((r) => r.type === 'pre-purchase-waiver' || r.type === 'enhanced-pre-waiver').map(ref);
  const induction = unmet.find((r) => r.type === 'pre-purchase-induction');
  if (waivers.length === 0 && !induction) return null;
  return {
    pre_purchase_waiver: waivers[0] ?? null,
    pre_purchase_induction: induction ? ref(induction) : null,
    pre_purchase_waivers: waivers,
  };
}

export async function getOffer(c: AuthedCtx, token: string): Promise<WaitlistOffer> {
  const { entry, occurrence, name } = await offerByToken(c, token);
  const live = entry.status === 'offered' && entry.offerExpiresAt !== null && entry.offerExpiresAt > c.clock.now();
  const unmet = live
    ? await unmetPrePurchase(c.db, c, { scheduleId: occurrence.scheduleId, attendeeId: entry.userId, startsAt: occurrence.startsAt })
    : [];
  return {
    occurrence_id: occurrence.id,
    name,
    starts_at: toZonedDateTime(occurrence.startsAt, c.client.timezone),
    status: entry.status === 'offered' && !live ? 'expired' : entry.status,
    expires_at: entry.offerExpiresAt?.toISOString() ?? null,
    price: toMoney(occurrence.price ?? 0, c.client.currency),
    restrictions: asRestrictions(unmet),
  };
}

/**
 * Follows an offer's link: the place held for them becomes a line of their basket (the held booking is attached to
 * it, its hold still ending when the offer does), so checkout pays for it like any other. Once only: the entry moves
 * offered -> accepted and the booking is attached only while it is still held and in no basket. The session's
 * pre-purchase gate applies as on any add (a waitlist is no way round an induction): the waivers are agreed with
 * the acceptance, and while anything is unmet the offer stays as it was.
 */
export async function acceptOffer(c: AuthedCtx, token: string, agreedIds: number[] = []): Promise<Cart> {
  const { entry, occurrence, name } = await offerByToken(c, token);
  const now = c.clock.now();
  const cart = await inTransaction(c.db, async (tx) => {
    const cart = await lockOpenCart(tx, c.client.id, c.user.id, defaultCartSource);
    const waivers = await gateRestrictions(tx, c, {
      scheduleId: occurrence.scheduleId,
      attendeeId: entry.userId,
      startsAt: occurrence.startsAt,
      agreedIds,
      field: '',
    });
    const moved = await tx
      .update(waitlistEntries)
      .set({ status: 'accepted' })
      .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, 'offered'), sql`${waitlistEntries.offerExpiresAt} > ${now}`))
      .returning({ id: waitlistEntries.id });
    if (moved.length === 0 || !entry.offerBookingId || !entry.offerExpiresAt) throw new AppError('waitlist_offer_gone');
    const attendee = entry.userId;
    const priced = await sessionPrice(tx, c, attendee, occurrence.categoryId, cart.id, occurrence.price ?? 0);
    const line = await insertCartItem(tx, {
      clientId: c.client.id,
      cartId: cart.id,
      kind: 'av2_booking',
      purchasableType: 'purchasableOccurrence',
      purchasableId: occurrence.id,
      name,
      quantity: 1,
      unitPrice: priced.price,
      occurrenceId: occurrence.id,
      purchasedForUserId: attendee === c.user.id ? null : attendee,
      options: { ...priced.options, waitlistOffer: entry.id, ...(waivers.length > 0 ? { waivers } : {}) },
      expiresAt: entry.offerExpiresAt,
      createdAt: now,
    });
    const attached = await tx
      .update(bookings)
      .set({ cartItemId: line.id, price: priced.price })
      .where(
        and(
          eq(bookings.id, entry.offerBookingId),
          eq(bookings.status, 'reserved'),
          isNull(bookings.cartItemId),
          sql`${bookings.holdExpiresAt} > ${now}`,
        ),
      )
      .returning({ id: bookings.id });
    if (attached.length === 0) throw new AppError('waitlist_offer_gone');
    await touchCart(tx, cart.id, now);
    return cart;
  });
  return cartView(c.db, c, cart, null);
}

/** My account: the waitlists the customer (or a linked user) is on, with their place in each queue and live offers. */
export async function myWaitlists(c: AuthedCtx, selectedUserId?: number): Promise<MyWaitlistEntry[]> {
  const userId = await actingUserId(c, selectedUserId);
  const now = c.clock.now();
  const rows = await c.db
    .select({
      entry: waitlistEntries,
      startsAt: occurrences.startsAt,
      name: schedules.name,
      position: sql<number | null>`CASE WHEN ${waitlistEntries.status} = 'waiting' THEN (SELECT count(*)::int FROM ${waitlistEntries} w2
        WHERE w2.occurrence_id = ${waitlistEntries.occurrenceId} AND w2.status = 'waiting'
          AND (w2.created_at, w2.id) <= (${waitlistEntries.createdAt}, ${waitlistEntries.id})) END`,
    })
    .from(waitlistEntries)
    .innerJoin(occurrences, eq(occurrences.id, waitlistEntries.occurrenceId))
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .where(
      and(
        eq(waitlistEntries.clientId, c.client.id),
        eq(waitlistEntries.userId, userId),
        isNull(occurrences.deletedAt),
        sql`${occurrences.startsAt} > ${now}`,
        sql`${waitlistEntries.status} IN ('waiting', 'offered')`,
      ),
    )
    .orderBy(asc(occurrences.startsAt));
  return rows.map((r) => {
    const live = r.entry.status === 'offered' && r.entry.offerExpiresAt !== null && r.entry.offerExpiresAt > now;
    return {
      id: r.entry.id,
      occurrence_id: r.entry.occurrenceId,
      name: r.name,
      starts_at: toZonedDateTime(r.startsAt, c.client.timezone),
      status: r.entry.status === 'offered' && !live ? 'expired' : r.entry.status,
      position: r.position === null ? null : Number(r.position),
      offer:
        live && r.entry.offerToken && r.entry.offerExpiresAt
          ? { token: r.entry.offerToken, expires_at: r.entry.offerExpiresAt.toISOString() }
          : null,
    };
  });
}
