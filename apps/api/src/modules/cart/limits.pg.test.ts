import { ourMessages } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, staffRoles, users } from '../../db/schema';
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

  it('applies a limit a manager changes through one process to the next add on the other (decision 181)', async () => {
    const { db } = cluster.database;
    const [customer] = await newCustomers(db, shop, 1, 'setlimit');
    const [manager] = await newCustomers(db, shop, 1, 'manager');
    await db.update(users).set({ role: 'staff' }).where(eq(users.id, manager!.id));
    await db.insert(staffRoles).values({ clientId: shop.clientId, userId: manager!.id, role: 'manager' });
    const [api0, api1] = cluster.apis;
    const addOn = async (api: TwoApis['apis'][0]) =>
      call(api, customer!.cookie, 'POST', '/api/checkout/cart/add', {
        items: [{ id: await freshSession(db, shop, 5), type: 'purchasableOccurrence' }],
      });
    // Both processes have served this client (and cached it) before the change.
    expect((await addOn(api1)).status).toBe(200);
    expect((await addOn(api0)).status).toBe(200);
    const changed = await call(api0, manager!.cookie, 'PATCH', '/api/client/customer-limits', { max_places_held: 2 });
    expect(changed.status).toBe(200);
    try {
      const refused = await addOn(api1);
      expect(refused.status).toBe(409);
      expect(refused.json.message).toBe(ourMessages.tooManyPlacesHeld(2));
    } finally {
      expect((await call(api1, manager!.cookie, 'PATCH', '/api/client/customer-limits', { max_places_held: null })).status).toBe(200);
    }
    expect((await addOn(api0)).status).toBe(200);
  });
});
