import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, sessionsOf } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { payBasket } from '../../test/programme-fixtures';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

let t: TestApp;
let as: string;
beforeAll(async () => {
  t = await createTestApp();
  as = await t.sessionFor('member1@example.invalid');
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url, as });

/** Open spin sessions on `n` different days, so each is its own basket line. */
async function openSpins(n: number): Promise<Json[]> {
  const found: Json[] = [];
  for (let day = 1; day <= 12 && found.length < n; day++) {
    const open = (await sessionsOf(t, 'spin', as, inDays(day))).find(
      (o: Json) => o.bookable_action.action === 'book' && o.capacity.available > 5,
    );
    if (open) found.push(open);
  }
  if (found.length < n) throw new Error('not enough open spin sessions');
  return found;
}

describe('what a basket leaves in My account (issue 13, defect 3)', () => {
  it('lists neither a line removed before payment nor the paid ones as cancelled, and counts every item of the order', async () => {
    const spins = await openSpins(4);
    const added = await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as,
      payload: { items: spins.map((s) => ({ id: s.id, type: 'purchasableOccurrence' })) },
    });
    expect(added.statusCode).toBe(200);
    const lines: Json[] = dataOf(added).items;
    expect(lines).toHaveLength(4);
    const removed = lines.find((l) => l.occurrence_id === spins[3].id);
    const res = await t.request({ method: 'POST', url: '/api/checkout/cart/remove', as, payload: { cart_item_ids: [removed.id] } });
    expect(res.statusCode).toBe(200);

    const { complete } = await payBasket(t, as);
    expect(complete.statusCode).toBe(200);
    const { complete_order_id: orderId } = dataOf(complete);

    const past = dataOf(await get('/api/my-account/bookings?when=past'));
    expect(past.map((b: Json) => b.occurrence_id)).not.toContain(spins[3].id);
    expect(past.filter((b: Json) => b.status === 'cancelled')).toEqual([]);
    const upcoming = dataOf(await get('/api/my-account/bookings?when=upcoming'));
    expect(
      upcoming
        .filter((b: Json) => b.order_id === orderId)
        .map((b: Json) => b.occurrence_id)
        .sort(),
    ).toEqual(
      spins
        .slice(0, 3)
        .map((s) => s.id)
        .sort(),
    );
    const order = dataOf(await get('/api/my-account/payments')).find((o: Json) => o.id === orderId);
    expect(order.count).toBe(3);
  });

  it('leaves out a basket line whose hold ran out', async () => {
    // What the customer has behind them already (the demo's started 'Early spin' among it) stays as it was.
    const before = dataOf(await get('/api/my-account/bookings?when=past'));
    const [spin] = await openSpins(1);
    await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as,
      payload: { items: [{ id: spin.id, type: 'purchasableOccurrence' }] },
    });
    const { bookings } = await import('../../db/schema');
    const { and, eq } = await import('drizzle-orm');
    // What the hold sweep writes when a hold runs out (modules/bookings/capacity.ts).
    await t.database.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancellationSource: 'hold_expired' })
      .where(and(eq(bookings.occurrenceId, spin.id), eq(bookings.status, 'reserved')));
    const past = dataOf(await get('/api/my-account/bookings?when=past'));
    expect(past).toEqual(before);
  });
});
