import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema';
import { call, freshSession, newCustomers, northfieldShop, type Shop } from '../../test/checkout-flow';
import { type TwoApis, twoApisOnPostgres } from '../../test/processes';

const TRIALS = 20;
const LIMIT = 3;
const ADDS = 8;

let cluster: TwoApis;
let shop: Shop;

/**
 * Issue 9, fault 6: one customer fires 8 adds at once, spread over two API processes and every known basket source,
 * each for its own session. Whatever the interleaving, they never hold more than the limit: exactly LIMIT adds
 * succeed and the rest are refused, in each of TRIALS trials.
 */
describe('one customer cannot hold more than the limit, whatever the concurrency', () => {
  beforeAll(async () => {
    cluster = await twoApisOnPostgres(
      async (db) => {
        shop = await northfieldShop(db);
      },
      4,
      { CUSTOMER_MAX_PLACES_HELD: String(LIMIT), CUSTOMER_MAX_OPEN_BASKETS: '3' },
    );
  }, 120_000);
  afterAll(() => cluster?.close());

  it(`holds at most ${LIMIT} places, ${TRIALS} trials of ${ADDS} concurrent adds`, async () => {
    const { db } = cluster.database;
    const customers = await newCustomers(db, shop, TRIALS, 'limit');
    const sources = ['activity-booking', 'online', 'foh'];
    for (const customer of customers) {
      const sessions = await Promise.all(Array.from({ length: ADDS }, () => freshSession(db, shop, 5)));
      const results = await Promise.all(
        sessions.map((id, i) =>
          call(cluster.apis[i % 2] as TwoApis['apis'][0], customer.cookie, 'POST', '/api/checkout/cart/add', {
            items: [{ id, type: 'purchasableOccurrence' }],
            source: sources[i % sources.length],
          }),
        ),
      );
      expect(results.filter((r) => r.status >= 500)).toEqual([]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(LIMIT);
      expect(results.filter((r) => r.status === 409)).toHaveLength(ADDS - LIMIT);
      const [held] = await db
        .select({ places: sql<number>`coalesce(sum(${bookings.capacityConsumed}), 0)::int` })
        .from(bookings)
        .where(and(eq(bookings.userId, customer.id), eq(bookings.status, 'reserved')));
      expect(held?.places).toBe(LIMIT);
    }
  }, 600_000);
});
