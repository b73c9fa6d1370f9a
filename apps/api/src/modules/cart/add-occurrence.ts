import { type CartItemInput, checkoutMessages } from '@app/contracts';
import { holdExpiresAt, ticketedBooking } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { occurrences, pricingOptions, schedules } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError, fieldError } from '../../lib/errors';
import { actingUserId as actingUserIdFor } from '../auth/acting-for';
import { releaseExpiredHolds, takePlaces } from '../bookings/capacity';
import { gateRestrictions } from '../restrictions/service';
import { sessionPrice } from './benefits';
import { type CartRow, insertBooking, insertCartItem, liveBookingOf } from './queries';

const takeErrors = { full: 'occurrence_full', closed: 'occurrence_not_bookable', missing: 'not_found' } as const;

/**
 * Adds one session to a basket: checks the person does not already hold it, frees expired holds on it, takes
 * its places atomically, and records a reserved booking that holds them until the basket's hold expires.
 */
export async function addOccurrence(tx: Tx, c: AuthedCtx, cart: CartRow, item: CartItemInput, field: string, actingUserId: number) {
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
    const booking = ticketedBooking(chosen, types);
    places = booking.places;
    price = booking.price;
    options = { tickets: booking.lines.map((l) => ({ id: l.id, name: l.name, quantity: l.quantity, price: l.price })) };
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
  await releaseExpiredHolds(tx, occurrenceId, now);
  const existing = await liveBookingOf(tx, attendee, occurrenceId);
  if (existing) throw new AppError(existing.status === 'settled' ? 'already_booked' : 'already_in_basket');

  const source = c.user.role === 'staff' && actingUserId !== c.user.id ? 'foh' : 'online';
  const result = await takePlaces(tx, c.client.id, occurrenceId, places, now, source);
  if (result !== 'taken') throw new AppError(takeErrors[result]);

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
