import { ourMessages } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { CustomerLimits } from '../../config';
import { type Conn, queryRows } from '../../db/client';
import { bookings, cartItems, carts } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError, fieldError } from '../../lib/errors';

/** The client's own limits as its row has them: null where the deployment's default applies. */
export interface ClientLimits {
  placesHeld: number | null;
  openBaskets: number | null;
  itemsPerRequest: number | null;
}

/**
 * Per-customer limits (decision 077, issue 9 fault 6): one account must not hold every place. The deployment's
 * defaults (CUSTOMER_MAX_*) apply unless the client sets its own (clients.max_*, which staff change through
 * `/api/client/customer-limits`).
 */
export function limitsFor(own: ClientLimits, defaults: CustomerLimits): CustomerLimits {
  return {
    placesHeld: own.placesHeld ?? defaults.placesHeld,
    openBaskets: own.openBaskets ?? defaults.openBaskets,
    itemsPerRequest: own.itemsPerRequest ?? defaults.itemsPerRequest,
  };
}

/** An arbitrary constant naming this lock's key space, so it never collides with another advisory lock. */
const CUSTOMER_LIMITS_LOCK = 0x6c696d74;

/**
 * Takes the customer's advisory lock for the rest of the transaction: every add of one customer, on any basket and any
 * process, runs one after another, so the check after the add (assertWithinLimits) sees every place they hold. The
 * same statement reads the client's limits from its row (decision 181): no extra round trip, and an operator's change
 * applies to the next add on every process, since nothing caches it.
 */
export async function lockCustomer(tx: Conn, clientId: number, userId: number, defaults: CustomerLimits): Promise<CustomerLimits> {
  const [row] = await queryRows<{ max_places_held: number | null; max_open_baskets: number | null; max_items_per_request: number | null }>(
    tx,
    sql`SELECT pg_advisory_xact_lock(${CUSTOMER_LIMITS_LOCK}, ${userId})::text AS locked,
          c.max_places_held, c.max_open_baskets, c.max_items_per_request
        FROM (SELECT 1) AS one LEFT JOIN clients c ON c.id = ${clientId}`,
  );
  return limitsFor(
    {
      placesHeld: row?.max_places_held ?? null,
      openBaskets: row?.max_open_baskets ?? null,
      itemsPerRequest: row?.max_items_per_request ?? null,
    },
    defaults,
  );
}

/** Too many items in one request is a 422 on `items`, before anything is taken. */
export function assertItemsPerRequest(count: number, limits: CustomerLimits): void {
  if (count > limits.itemsPerRequest) throw fieldError({ items: [ourMessages.tooManyItems(limits.itemsPerRequest)] });
}

/**
 * Checked inside the adding transaction, under the customer's lock and after the places are taken, so a refusal rolls
 * the whole request back: the customer may not hold more than placesHeld live places across their open baskets, nor
 * have more than openBaskets open baskets with something in them.
 */
export async function assertWithinLimits(tx: Conn, c: AuthedCtx, userId: number, limits: CustomerLimits): Promise<void> {
  const [held] = await tx
    .select({ places: sql<number>`coalesce(sum(${bookings.capacityConsumed}), 0)::int` })
    .from(bookings)
    .innerJoin(cartItems, eq(cartItems.id, bookings.cartItemId))
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(
      and(
        eq(carts.clientId, c.client.id),
        eq(carts.userId, userId),
        eq(carts.status, 'open'),
        eq(bookings.status, 'reserved'),
        sql`${bookings.holdExpiresAt} > ${c.clock.now()}`,
      ),
    );
  if ((held?.places ?? 0) > limits.placesHeld) {
    throw new AppError('too_many_places_held', { message: ourMessages.tooManyPlacesHeld(limits.placesHeld) });
  }
  const [open] = await tx
    .select({ baskets: sql<number>`count(DISTINCT ${carts.id})::int` })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(and(eq(carts.clientId, c.client.id), eq(carts.userId, userId), eq(carts.status, 'open')));
  // This basket's new lines count too: an add that would make one basket too many is refused.
  if ((open?.baskets ?? 0) > limits.openBaskets) {
    throw new AppError('too_many_baskets', { message: ourMessages.tooManyBaskets(limits.openBaskets) });
  }
}
