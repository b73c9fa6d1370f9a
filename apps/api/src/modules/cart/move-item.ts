import { cartItemMove } from '@app/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, type cartItems, occurrences } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';
import { actingUserId } from '../auth/acting-for';
import { gateRestrictions } from '../restrictions/pre-purchase';
import { sessionPrice } from './benefits';
import { type CartRow, liveBookingOf } from './queries';

type ItemRow = typeof cartItems.$inferSelect;

/**
 * Moves a basket line to another person (issue 13, decision 168): the basket's owner or someone they may act for.
 * The rule of which lines move is `cartItemMove` in the domain; the new person must not hold the session already,
 * must meet its waivers and inductions, and is priced with their own benefits. The reserved booking changes hands
 * only while it still holds its place: one UPDATE conditional on its status and hold, and its "0 rows" is 'expired'.
 */
export async function moveItem(
  tx: Tx,
  c: AuthedCtx,
  cart: CartRow,
  item: ItemRow,
  toUserId: number,
): Promise<Partial<typeof cartItems.$inferInsert>> {
  const target = await actingUserId(c, toUserId, tx);
  const now = c.clock.now();
  const decision = cartItemMove(
    { kind: item.kind, attendeeId: item.purchasedForUserId ?? cart.userId, expiresAt: item.expiresAt },
    target,
    now,
  );
  if (decision === 'unchanged') return {};
  if (decision === 'not_movable') throw new AppError('item_not_movable');
  if (decision === 'expired' || !item.occurrenceId) throw new AppError('basket_item_expired');

  const [o] = await tx.select().from(occurrences).where(eq(occurrences.id, item.occurrenceId));
  if (!o) throw new AppError('not_found');
  const existing = await liveBookingOf(tx, target, o.id);
  if (existing) throw new AppError(existing.status === 'settled' ? 'already_booked' : 'already_in_basket');
  const waivers = await gateRestrictions(tx, c, {
    scheduleId: o.scheduleId,
    attendeeId: target,
    startsAt: o.startsAt,
    agreedIds: [],
    field: 'purchased_for_user_id',
  });

  // A ticketed line is priced by its tickets; any other session by what its attendee holds (benefits, packages).
  const { benefit: _b, package: _p, waivers: _w, ...kept } = item.options as Record<string, unknown>;
  let price = item.unitPrice;
  let options: Record<string, unknown> = kept;
  if (o.bookingType !== 'ticketed') {
    const priced = await sessionPrice(tx, c, target, o.categoryId, cart.id, o.price ?? 0);
    price = priced.price;
    options = { ...kept, ...priced.options };
  }
  if (waivers.length > 0) options = { ...options, waivers };

  const moved = await tx
    .update(bookings)
    .set({ userId: target, price })
    .where(and(eq(bookings.cartItemId, item.id), eq(bookings.status, 'reserved'), gt(bookings.holdExpiresAt, now)))
    .returning({ id: bookings.id });
  if (moved.length === 0) throw new AppError('basket_item_expired');
  return { purchasedForUserId: target === cart.userId ? null : target, unitPrice: price, options };
}
