import { type CartItemInput, checkoutMessages, ticketPriceMessages } from '@app/contracts';
import { holdExpiresAt, ticketedBooking } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { occurrences, pricingOptions, schedules } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError, fieldError } from '../../lib/errors';
import { actingUserId as actingUserIdFor } from '../auth/acting-for';
import { admitToTake, releaseExpiredHolds, takePlacesFreeingHolds } from '../bookings/capacity';
import { gateRestrictions } from '../restrictions/pre-purchase';
import { customerDiscount } from '../ticket-prices/service';
import { offerFreedPlaces } from '../waitlists/offers';
import { sessionPrice } from './benefits';
import { type CartRow, insertBooking, insertCartItem, liveBookingOf } from './queries';

const takeErrors = {
  full: 'occurrence_full',
  closed: 'occurrence_not_bookable',
  missing: 'not_found',
  already_booked: 'already_booked',
  already_in_basket: 'already_in_basket',
} as const;

/** Places taken ahead of the basket's lock, per session, for the adds that follow in the same transaction. */
export type PlacesTakenFirst = Map<string, number>;

const takesOnePlaceFirst = (item: CartItemInput) =>
  (item.type === 'purchasableOccurrence' || item.type === 'av2Booking' || item.type === 'activityTicket') && item.tickets === undefined;

/** Staff adding for a customer take the front desk's places; everyone else the online ones. */
const sourceOf = (c: AuthedCtx, actingUserId: number) => (c.user.role === 'staff' && actingUserId !== c.user.id ? 'foh' : 'online');

/**
 * A basket add of one session without tickets whose committed row already refuses it (full, closed, unknown, or
 * already held by the caller) is refused here, before any transaction, lock or other read (decision 276): one
 * autocommit read, shared with the concurrent adds of the same process. Otherwise the add is admitted to its
 * transaction, where the conditional UPDATE decides (takePlacesFirst); while the session has room for only a few,
 * only that many of this process's adds go on at once and the rest wait, holding nothing, to ask again. Answers what
 * the caller must call once its transaction has ended. Adds of several items keep their transaction's order of checks.
 */
export async function admitBeforeTransaction(c: AuthedCtx, items: CartItemInput[], actingUserId: number): Promise<() => void> {
  const [item] = items;
  if (items.length !== 1 || !item || !takesOnePlaceFirst(item)) return () => {};
  const holder = item.purchased_for_user_id === undefined ? actingUserId : undefined;
  const admission = await admitToTake(c.db, c.client.id, String(item.id), 1, () => c.clock.now(), sourceOf(c, actingUserId), holder);
  if ('refused' in admission) throw new AppError(takeErrors[admission.refused]);
  return admission.leave;
}

/**
 * The first statements of a basket add (decision 116): one place on each session added without tickets, taken by
 * the conditional UPDATE before the basket is locked or anything else is read, in id order like every take. A full
 * (or closed, or unknown) session is refused right here, for the price of that one statement; the transaction's
 * rollback gives back whatever was taken if a later check refuses the add. Ticketed adds take their places in
 * addOccurrence, once the chosen tickets' sizes are read.
 */
export async function takePlacesFirst(tx: Tx, c: AuthedCtx, items: CartItemInput[], actingUserId: number): Promise<PlacesTakenFirst> {
  const taken: PlacesTakenFirst = new Map();
  const now = c.clock.now();
  const source = sourceOf(c, actingUserId);
  const firsts = items.filter(takesOnePlaceFirst).sort((a, b) => String(a.id).localeCompare(String(b.id)));
  for (const item of firsts) {
    const id = String(item.id);
    // Someone adding a session they already hold is told so, not that it is full (their own adds only: whether
    // another person holds a session is not the caller's to learn before the link is checked).
    const holder = item.purchased_for_user_id === undefined ? actingUserId : undefined;
    const result = await takePlacesFreeingHolds(tx, c.client.id, id, 1, now, source, holder, () => offerFreedPlaces(tx, c, id, now));
    if (result !== 'taken') throw new AppError(takeErrors[result]);
    taken.set(id, (taken.get(id) ?? 0) + 1);
  }
  return taken;
}

/**
 * Adds one session to a basket: checks the person does not already hold it, frees expired holds on it, takes
 * its places atomically (unless takePlacesFirst already took its one place), and records a reserved booking that
 * holds them until the basket's hold expires.
 */
export async function addOccurrence(
  tx: Tx,
  c: AuthedCtx,
  cart: CartRow,
  item: CartItemInput,
  field: string,
  actingUserId: number,
  takenFirst?: PlacesTakenFirst,
) {
  const occurrenceId = String(item.id);
  const [row] = await tx
    .select({ o: occurrences, name: schedules.name })
    .from(occurrences)
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .where(and(eq(occurrences.id, occurrenceId), eq(occurrences.clientId, c.client.id)));
  if (!row || row.o.deletedAt) throw new AppError('not_found');
  const { o } = row;
  if (o.bookingType === 'courses' || o.bookingType === 'camps') {
    throw fieldError({ [`${field}.type`]: [checkoutMessages.programmeOccurrence] });
  }

  let places = 1;
  let price = o.price ?? 0;
  let options: Record<string, unknown> = {};
  if (o.bookingType === 'ticketed') {
    const types = await tx.select().from(pricingOptions).where(eq(pricingOptions.scheduleId, o.scheduleId));
    const chosen = (item.tickets ?? []).filter((t) => t.quantity > 0);
    if (chosen.length === 0) throw fieldError({ [`${field}.tickets`]: [checkoutMessages.ticketRequired] });
    if (chosen.some((t) => !types.some((ty) => ty.id === t.id)))
      throw fieldError({ [`${field}.tickets`]: [checkoutMessages.ticketUnknown] });
    // Tickets named for a customer carry that customer's discount (decision 151), decided here, never by the client.
    const named = new Map<number, { reference: string; name: string; percent: number }>();
    for (const [i, t] of chosen.entries()) {
      if (t.customer_reference === undefined) continue;
      const found = await customerDiscount(tx, c, t.customer_reference);
      if (!found) throw fieldError({ [`${field}.tickets.${i}.customer_reference`]: [ticketPriceMessages.noCustomer] });
      named.set(i, {
        reference: found.customer.reference,
        name: `${found.customer.firstName} ${found.customer.lastName}`,
        percent: found.percent,
      });
    }
    const booking = ticketedBooking(
      chosen.map((t, i) => ({
        id: t.id,
        quantity: t.quantity,
        customerReference: named.get(i)?.reference ?? null,
        discountPercent: named.get(i)?.percent ?? 0,
      })),
      types,
    );
    places = booking.places;
    price = booking.price;
    options = {
      tickets: booking.lines.map((l, i) => ({
        id: l.id,
        name: l.name,
        quantity: l.quantity,
        price: l.price,
        ...(l.customerReference !== null
          ? {
              fullPrice: l.fullPrice,
              customerReference: l.customerReference,
              customerName: named.get(i)?.name,
              discountPercent: l.discountPercent,
            }
          : {}),
      })),
    };
  } else if (item.tickets !== undefined) {
    throw fieldError({ [`${field}.tickets`]: [checkoutMessages.ticketsNotTicketed] });
  }

  // Booking for someone else needs the same right as selected_user_id: a linked user (accepted link), or staff.
  const attendee = item.purchased_for_user_id ? await actingUserIdFor(c, item.purchased_for_user_id, tx) : actingUserId;
  if (o.bookingType !== 'ticketed') {
    const priced = await sessionPrice(tx, c, attendee, o.categoryId, cart.id, price);
    price = priced.price;
    options = priced.options;
  }
  // Waivers and inductions the session needs (decision 081): agreed with this add, or met before it.
  const waivers = await gateRestrictions(tx, c, {
    scheduleId: o.scheduleId,
    attendeeId: attendee,
    startsAt: o.startsAt,
    agreedIds: item.activity_restriction_ids,
    field,
  });
  if (waivers.length > 0) options = { ...options, waivers };
  const now = c.clock.now();
  // The attendee's own lapsed hold on this session must not count as holding it; a freed place goes to the waitlist first.
  if ((await releaseExpiredHolds(tx, occurrenceId, now)) > 0) await offerFreedPlaces(tx, c, occurrenceId, now);
  const existing = await liveBookingOf(tx, attendee, occurrenceId);
  if (existing) throw new AppError(existing.status === 'settled' ? 'already_booked' : 'already_in_basket');

  const source = sourceOf(c, actingUserId);
  const already = takenFirst?.get(occurrenceId) ?? 0;
  if (already > 0 && places === 1) takenFirst?.set(occurrenceId, already - 1);
  else {
    const result = await takePlacesFreeingHolds(tx, c.client.id, occurrenceId, places, now, source, undefined, () =>
      offerFreedPlaces(tx, c, occurrenceId, now),
    );
    if (result !== 'taken') throw new AppError(takeErrors[result]);
  }

  const expiresAt = holdExpiresAt(now, c.config.holdMinutes);
  const line = await insertCartItem(tx, {
    clientId: c.client.id,
    cartId: cart.id,
    kind: 'av2_booking',
    purchasableType: item.type,
    purchasableId: occurrenceId,
    name: row.name,
    quantity: 1,
    unitPrice: price,
    occurrenceId,
    purchasedForUserId: item.purchased_for_user_id ?? null,
    options,
    expiresAt,
    createdAt: now,
  });
  await insertBooking(tx, {
    clientId: c.client.id,
    userId: attendee,
    occurrenceId,
    cartItemId: line.id,
    status: 'reserved',
    capacityConsumed: places,
    price,
    source,
    holdExpiresAt: expiresAt,
    createdAt: now,
  });
}
