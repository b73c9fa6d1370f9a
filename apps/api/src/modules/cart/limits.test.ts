import { ourMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema';
import { inDays, sessionsOf } from '../../test/fixtures';
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

  it("follows the client's own setting over the deployment's default", async () => {
    await t.database.db.update(clients).set({ maxPlacesHeld: 1 }).where(eq(clients.identifier, 'northfield'));
    // The limits travel with the cached client (decision 113): until the client cache's 30 s pass, this process still
    // has the old setting, so the test forgets its copy as that time would.
    t.app.deps.cache.clear('client:');
    try {
      const res = await add(open.slice(0, 2));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ourMessages.tooManyPlacesHeld(1));
    } finally {
      await t.database.db.update(clients).set({ maxPlacesHeld: null }).where(eq(clients.identifier, 'northfield'));
      t.app.deps.cache.clear('client:');
    }
  });
});
