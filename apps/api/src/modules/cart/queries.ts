import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { bookings, cartItems, carts, categories, occurrences, schedules, venues } from '../../db/schema';

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;

/**
 * The user's open basket for a source, created if missing and locked for the rest of the transaction: every
 * change to one basket happens one at a time (the double-clicked Add, two tabs). A basket that was being paid while
 * this waited for its lock is no longer open once the lock is had; the next try creates the new open basket (each
 * statement sees what committed before it), instead of failing the request.
 */
export async function lockOpenCart(tx: Conn, clientId: number, userId: number, source: string): Promise<CartRow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await tx.execute(sql`
      INSERT INTO ${carts} (client_id, user_id, source) VALUES (${clientId}, ${userId}, ${source})
      ON CONFLICT (client_id, user_id, source) WHERE status = 'open' DO NOTHING`);
    const [cart] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.clientId, clientId), eq(carts.userId, userId), eq(carts.source, source), eq(carts.status, 'open')))
      .for('update');
    if (cart) return cart;
  }
  throw new Error('open cart vanished');
}

export async function findOpenCart(db: Conn, clientId: number, userId: number, source: string): Promise<CartRow | undefined> {
  const [cart] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.clientId, clientId), eq(carts.userId, userId), eq(carts.source, source), eq(carts.status, 'open')));
  return cart;
}

/** Basket lines with what the basket view shows of their (first) session and the places they hold. */
export async function cartLines(db: Conn, cartId: number) {
  const rows = await db
    .select({
      item: cartItems,
      startsAt: occurrences.startsAt,
      endsAt: occurrences.endsAt,
      bookingType: occurrences.bookingType,
      friendlyLocationName: occurrences.friendlyLocationName,
      scheduleName: schedules.name,
      scheduleId: occurrences.scheduleId,
      categoryId: occurrences.categoryId,
      parentCategoryId: categories.parentId,
      venueId: venues.id,
      venueName: venues.name,
      venueSlug: venues.slug,
    })
    .from(cartItems)
    .leftJoin(occurrences, eq(occurrences.id, cartItems.occurrenceId))
    .leftJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .leftJoin(categories, eq(categories.id, occurrences.categoryId))
    .leftJoin(venues, eq(venues.id, occurrences.venueId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(occurrences.startsAt), asc(cartItems.id));
  const ids = rows.map((r) => r.item.id);
  const held = ids.length
    ? await db
        .select({ id: bookings.id, cartItemId: bookings.cartItemId, status: bookings.status, occurrenceId: bookings.occurrenceId })
        .from(bookings)
        .where(and(inArray(bookings.cartItemId, ids), ne(bookings.status, 'cancelled')))
        .orderBy(asc(bookings.id))
    : [];
  return rows.map((r) => {
    const own = held.filter((b) => b.cartItemId === r.item.id);
    return { ...r, bookings: own, bookingId: own[0]?.id ?? null, bookingStatus: own[0]?.status ?? null };
  });
}

export type CartLineRow = Awaited<ReturnType<typeof cartLines>>[number];

export async function insertCartItem(tx: Conn, values: typeof cartItems.$inferInsert): Promise<CartItemRow> {
  const [row] = await tx.insert(cartItems).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function itemsOfCart(tx: Conn, cartId: number, ids?: number[]): Promise<CartItemRow[]> {
  return tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), ids ? inArray(cartItems.id, ids) : undefined))
    .orderBy(asc(cartItems.occurrenceId), asc(cartItems.id));
}

export async function deleteCartItems(tx: Conn, ids: number[]): Promise<void> {
  if (ids.length) await tx.delete(cartItems).where(inArray(cartItems.id, ids));
}

export async function touchCart(tx: Conn, cartId: number, now: Date): Promise<void> {
  await tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
}

/** The live (reserved or settled) booking a person already has on an occurrence, if any. */
export async function liveBookingOf(tx: Conn, userId: number, occurrenceId: string) {
  const [row] = await tx
    .select({ id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.occurrenceId, occurrenceId), ne(bookings.status, 'cancelled')))
    .limit(1);
  return row;
}

export async function insertBooking(tx: Conn, values: typeof bookings.$inferInsert) {
  const [row] = await tx.insert(bookings).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Cancels the reserved booking of a basket line; returns what it held so the places can be given back. */
export async function cancelReservationOf(tx: Conn, cartItemId: number, now: Date) {
  return tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now, cancellationSource: 'basket', cartItemId: null })
    .where(and(eq(bookings.cartItemId, cartItemId), eq(bookings.status, 'reserved')))
    .returning({ occurrenceId: bookings.occurrenceId, places: bookings.capacityConsumed, source: bookings.source });
}

/** Detaches cancelled (expired) bookings from a line before the line is deleted. */
export async function detachBookings(tx: Conn, cartItemId: number): Promise<void> {
  await tx.update(bookings).set({ cartItemId: null }).where(eq(bookings.cartItemId, cartItemId));
}
