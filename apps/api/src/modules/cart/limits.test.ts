import { ourMessages } from '@app/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, staffAuditLog, staffRoles, users } from '../../db/schema';
import { inDays, sessionsOf, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

let t: TestApp;
let as: string;
/** Open spin and yoga sessions over the next days, each with room. */
const open: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { CUSTOMER_MAX_PLACES_HELD: '3', CUSTOMER_MAX_OPEN_BASKETS: '1', CUSTOMER_MAX_ITEMS_PER_REQUEST: '4' },
  });
  as = await t.sessionFor('member5@example.invalid');
  // One session a day, so no two clash (a clash is refused before any limit is reached).
  for (let day = 1; open.length < 8 && day <= 14; day++) {
    const sessions: Json[] = await sessionsOf(t, 'spin', as, inDays(day));
    const first = sessions.find((o) => o.bookable_action.action === 'book' && o.capacity.available > 2);
    if (first) open.push(first.id);
  }
  expect(open.length).toBeGreaterThanOrEqual(5);
}, 240_000);
afterAll(() => t.close());

const add = (ids: string[], source?: string) =>
  t.request({
    method: 'POST',
    url: '/api/checkout/cart/add',
    as,
    payload: { items: ids.map((id) => ({ id, type: 'purchasableOccurrence' })), ...(source ? { source } : {}) },
  });
const empty = (source = 'activity-booking') => t.request({ method: 'DELETE', url: `/api/checkout/cart?source=${source}`, as });

describe('per-customer limits (fault 6: one account could hold every place)', () => {
  it('refuses more items in one request than allowed, with a 422 on items, taking nothing', async () => {
    const res = await add(open.slice(0, 5));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.items).toEqual([ourMessages.tooManyItems(4)]);
    expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as })).items).toHaveLength(0);
  });

  it('refuses a fourth place held at once with a clear 409, and the whole request changes nothing', async () => {
    expect((await add(open.slice(0, 2))).statusCode).toBe(200);
    const over = await add(open.slice(2, 4));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(ourMessages.tooManyPlacesHeld(3));
    expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as })).items).toHaveLength(2);
    expect((await add([open[2] as string])).statusCode).toBe(200);
    await empty();
  });

  it('refuses a second open basket, and any source that is not a known one (422)', async () => {
    expect((await add([open[0] as string])).statusCode).toBe(200);
    const second = await add([open[1] as string], 'online');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(ourMessages.tooManyBaskets(1));
    const made = await add([open[1] as string], 'saturday-1');
    expect(made.statusCode).toBe(422);
    expect(made.json().errors.source).toBeDefined();
    expect((await t.request({ method: 'GET', url: '/api/checkout/cart?source=anything', as })).statusCode).toBe(422);
    await empty();
  });

  it("follows the client's own setting over the deployment's default, from the next add (no cache to wait out)", async () => {
    // This process has the client cached from the adds above; the limits are read with the customer's lock instead.
    await t.database.db.update(clients).set({ maxPlacesHeld: 1 }).where(eq(clients.identifier, 'northfield'));
    try {
      const res = await add(open.slice(0, 2));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ourMessages.tooManyPlacesHeld(1));
    } finally {
      await t.database.db.update(clients).set({ maxPlacesHeld: null }).where(eq(clients.identifier, 'northfield'));
    }
  });
});

describe('the operator sets the limits (decision 181)', () => {
  let manager: string;
  let managerId: number;
  const url = '/api/client/customer-limits';
  beforeAll(async () => {
    manager = await t.sessionFor(staff.email);
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, staff.email));
    managerId = row!.id;
    await t.database.db.insert(staffRoles).values({ clientId: await t.clientId('northfield'), userId: managerId, role: 'manager' });
  });

  it("shows a manager the client's own limits and the deployment's defaults", async () => {
    const res = await t.request({ method: 'GET', url, as: manager });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toEqual({
      max_places_held: null,
      max_open_baskets: null,
      max_items_per_request: null,
      defaults: { max_places_held: 3, max_open_baskets: 1, max_items_per_request: 4 },
    });
  });

  it('validates a change with 422 on each field, and changes nothing', async () => {
    for (const payload of [
      { max_places_held: 0 },
      { max_open_baskets: 101 },
      { max_items_per_request: 51 },
      { max_places_held: 'ten' },
      { max_items_per_request: 2.5 },
      { places: 3 },
    ]) {
      const res = await t.request({ method: 'PATCH', url, as: manager, payload });
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), 422]);
    }
    const field = await t.request({ method: 'PATCH', url, as: manager, payload: { max_items_per_request: 51 } });
    expect(Object.keys(field.json().errors)).toEqual(['max_items_per_request']);
    expect(dataOf(await t.request({ method: 'GET', url, as: manager })).max_items_per_request).toBeNull();
  });

  it('applies a change to the next add, and records who changed what in the audit log', async () => {
    const changed = await t.request({ method: 'PATCH', url, as: manager, payload: { max_places_held: 1, max_items_per_request: 2 } });
    expect(changed.statusCode).toBe(200);
    expect(dataOf(changed)).toMatchObject({ max_places_held: 1, max_open_baskets: null, max_items_per_request: 2 });
    try {
      const tooMany = await add(open.slice(0, 3));
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().errors.items).toEqual([ourMessages.tooManyItems(2)]);
      const over = await add(open.slice(0, 2));
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe(ourMessages.tooManyPlacesHeld(1));
      const [row] = await t.database.db
        .select()
        .from(staffAuditLog)
        .where(and(eq(staffAuditLog.staffUserId, managerId), eq(staffAuditLog.action, 'settings.updated')))
        .orderBy(desc(staffAuditLog.id))
        .limit(1);
      expect(row?.details).toEqual({
        customer_limits: { max_places_held: { from: null, to: 1 }, max_items_per_request: { from: null, to: 2 } },
      });
    } finally {
      // Null goes back to the deployment's default.
      const back = await t.request({ method: 'PATCH', url, as: manager, payload: { max_places_held: null, max_items_per_request: null } });
      expect(dataOf(back)).toMatchObject({ max_places_held: null, max_items_per_request: null });
    }
    expect((await add(open.slice(0, 2))).statusCode).toBe(200);
    await empty();
  });

  it('refuses front-desk staff and customers (403) and nobody logged in (401)', async () => {
    await t.database.db.delete(staffRoles).where(and(eq(staffRoles.userId, managerId), eq(staffRoles.role, 'manager')));
    try {
      for (const [who, caller, status] of [
        ['front desk', manager, 403],
        ['customer', as, 403],
        ['nobody', undefined, 401],
      ] as const) {
        for (const method of ['GET', 'PATCH'] as const) {
          const res = await t.request({
            method,
            url,
            ...(caller ? { as: caller } : {}),
            ...(method === 'PATCH' ? { payload: { max_places_held: 1 } } : {}),
          });
          expect([who, method, res.statusCode]).toEqual([who, method, status]);
        }
      }
      const [row] = await t.database.db.select().from(clients).where(eq(clients.identifier, 'northfield'));
      expect(row?.maxPlacesHeld).toBeNull();
    } finally {
      await t.database.db.insert(staffRoles).values({ clientId: await t.clientId('northfield'), userId: managerId, role: 'manager' });
    }
  });
});
