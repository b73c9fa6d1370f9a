import { ourMessages } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { CustomerLimits } from '../../config';
import type { Conn } from '../../db/client';
import { bookings, cartItems, carts } from '../../db/schema';
import type { AuthedCtx, Tenant } from '../../http/context';
import { AppError, fieldError } from '../../lib/errors';

/**
 * Per-customer limits (decision 077, issue 9 fault 6): one account must not hold every place. The deployment's
 * defaults (CUSTOMER_MAX_*) apply unless the client sets its own (clients.max_*). The client's settings come with the
 * request's cached client (decision 113), so reading them costs no statement: an operator's change applies within the
 * client cache's 30 seconds on every process, as any other client setting does.
 */
export function limitsFor(client: Pick<Tenant, 'customerLimits'>, defaults: CustomerLimits): CustomerLimits {
  const own = client.customerLimits;
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
 * process, runs one after another, so the check after the add (assertWithinLimits) sees every place they hold.
 */
export async function lockCustomer(tx: Conn, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CUSTOMER_LIMITS_LOCK}, ${userId})`);
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
