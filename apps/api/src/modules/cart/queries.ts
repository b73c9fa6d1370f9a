import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Conn, perDatabase } from '../../db/client';
import {
  bookings,
  cartItems,
  carts,
  categories,
  categoryRestrictions,
  creditLedger,
  customQuestionSections,
  occurrences,
  scheduleRestrictions,
  schedules,
  venues,
} from '../../db/schema';

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

/** How many places a line holds now (its bookings not cancelled) and the first of them, in one look at its bookings. */
const held = sql<[number, number | null]>`(SELECT ARRAY[count(*)::int, min(b.id)] FROM ${bookings} b
  WHERE b.cart_item_id = ${cartItems.id} AND b.status <> 'cancelled')`;

/**
 * Whether any question section could be asked of the line: one of the client's sections on its session's schedule,
 * category, parent category or the session itself. A superset of what sectionsOfLines finds (it applies a session's own
 * sections to single sessions only), so false means that read would find nothing and is skipped.
 */
const mayAskQuestions = sql<boolean>`EXISTS (SELECT 1 FROM ${customQuestionSections} q WHERE q.client_id = ${carts.clientId}
  AND (q.schedule_id = ${occurrences.scheduleId} OR q.category_id = ${occurrences.categoryId}
    OR q.category_id = ${categories.parentId} OR q.occurrence_id = ${occurrences.id}))`;

// The line's schedule's own category, joined once in the statement (decision 310): the waiver flag below then probes
// the restrictions by key, where a join inside its EXISTS was a hash join built for every line.
const scheduleCategory = alias(categories, 'schedule_category');

/**
 * Whether any restriction is attached to the line's schedule, its category or that category's parent: a superset of
 * what attendeeWaiversOf reads (post-purchase waivers only), so false means no waiver can be needed for the line.
 */
const mayNeedWaivers = sql<boolean>`(EXISTS (SELECT 1 FROM ${scheduleRestrictions} sr WHERE sr.schedule_id = ${occurrences.scheduleId})
  OR EXISTS (SELECT 1 FROM ${categoryRestrictions} cr
    WHERE cr.category_id = ANY(ARRAY[${scheduleCategory.id}, ${scheduleCategory.parentId}])))`;

/** The owner's unexpired credit of one kind (as creditBalances sums it), at the instant given as `now`. */
const creditOf = (kind: 'membership' | 'general') =>
  sql<string | number>`(SELECT coalesce(sum(l.amount), 0) FROM ${creditLedger} l WHERE l.client_id = ${carts.clientId}
    AND l.user_id = ${carts.userId} AND l.kind = ${sql.raw(`'${kind}'`)}
    AND (l.expires_at IS NULL OR l.expires_at > ${sql.placeholder('now')}::timestamptz))`;

/**
 * The basket view's one statement: the basket, one row per line (none: one row with a null line) with what the view
 * shows of its (first) session and the places it holds, the owner's credit, and whether the rarer reads (question
 * sections, waivers) could find anything (decision 270).
 */
const basketSelect = (db: Conn) =>
  db
    .select({
      cart: carts,
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
      held,
      mayAskQuestions,
      mayNeedWaivers,
      membershipCredit: creditOf('membership'),
      generalCredit: creditOf('general'),
    })
    .from(carts)
    .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
    .leftJoin(occurrences, eq(occurrences.id, cartItems.occurrenceId))
    .leftJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .leftJoin(categories, eq(categories.id, occurrences.categoryId))
    .leftJoin(scheduleCategory, eq(scheduleCategory.id, schedules.categoryId))
    .leftJoin(venues, eq(venues.id, occurrences.venueId));

const order = [asc(occurrences.startsAt), asc(cartItems.id)];

/** The open basket of an owner and source, with its view's fields: the read behind `readOpenBasket`. */
const byOwner = (db: Conn) =>
  basketSelect(db)
    .where(
      and(
        eq(carts.clientId, sql.placeholder('clientId')),
        eq(carts.userId, sql.placeholder('userId')),
        eq(carts.source, sql.placeholder('source')),
        // Written into the statement, not bound: a plan made once for every execution can then use the partial index
        // of open baskets (`carts_open_idx`), which a bound status cannot prove it matches. With many baskets,
        // PostgreSQL would otherwise plan this statement on every read rather than scan.
        sql`${carts.status} = 'open'`,
      ),
    )
    .orderBy(...order);

/** The SQL of `readOpenBasket`'s statement, for a test to ask PostgreSQL how it would run it. */
export const openBasketQuery = (db: Conn) => byOwner(db).toSQL();

/** The statement prepared once per database handle (PostgreSQL then parses and plans it once per connection). */
const prepareByKey = (db: Conn) => byOwner(db).prepare('basket_view_by_owner');
const prepareById = (db: Conn) =>
  basketSelect(db)
    .where(eq(carts.id, sql.placeholder('cartId')))
    .orderBy(...order)
    .prepare('basket_view_by_id');

const statementsOf = perDatabase((db) => ({ byKey: prepareByKey(db), byId: prepareById(db) }));

type BasketRow = Awaited<ReturnType<ReturnType<typeof prepareById>['execute']>>[number];

export type CartLineRow = Omit<BasketRow, 'cart' | 'item' | 'membershipCredit' | 'generalCredit' | 'held'> & {
  item: CartItemRow;
  heldPlaces: number;
  bookingId: number | null;
};

export interface BasketRead {
  cart: CartRow;
  lines: CartLineRow[];
  /** The owner's unexpired credit by kind, as creditBalances answers it. */
  balances: { membership: number; general: number };
}

function toBasketRead(rows: BasketRow[]): BasketRead | undefined {
  const [first] = rows;
  if (!first) return undefined;
  const lines: CartLineRow[] = [];
  for (const { cart: _cart, item, membershipCredit: _m, generalCredit: _g, held, ...rest } of rows)
    if (item) lines.push({ ...rest, item, heldPlaces: Number(held[0]), bookingId: held[1] === null ? null : Number(held[1]) });
  return {
    cart: first.cart,
    lines,
    balances: { membership: Number(first.membershipCredit), general: Number(first.generalCredit) },
  };
}

/** The user's open basket for a source with everything its view shows, in one statement; undefined when there is none. */
export async function readOpenBasket(
  db: Conn,
  clientId: number,
  userId: number,
  source: string,
  now: Date,
): Promise<BasketRead | undefined> {
  return toBasketRead(await statementsOf(db).byKey.execute({ clientId, userId, source, now: now.toISOString() }));
}

/** A basket by id with everything its view shows, in one statement (after a change, whatever its status). */
export async function readBasket(db: Conn, cartId: number, now: Date): Promise<BasketRead | undefined> {
  return toBasketRead(await statementsOf(db).byId.execute({ cartId, now: now.toISOString() }));
}

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
