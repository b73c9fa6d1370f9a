import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { addToBasket, customersAAndB, openSpin } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// Issue 13, decision 168: one basket of the account holder; each line says whom it is for and can move to another.
let t: TestApp;
let a: string;
let aId: number;
let bId: number;
let samId: number;
const clock = new ManualClock();

beforeAll(async () => {
  t = await createTestApp({ clock, env: { HOLD_MINUTES: '15' } });
  ({ a, aId, bId } = await customersAAndB(t));
  samId = dataOf(await t.request({ method: 'GET', url: '/api/my-account/linked-users', as: a })).find(
    (l: { status: string }) => l.status === 'successful',
  ).referenced_user.id;
});
afterAll(() => t.close());

const move = (itemId: number, to: number) =>
  t.request({ method: 'PUT', url: `/api/checkout/cart/${itemId}`, as: a, payload: { purchased_for_user_id: to } });
const holderOf = async (itemId: number) =>
  (
    await t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.cartItemId, itemId), eq(bookings.status, 'reserved')))
  )[0]?.userId;
const clear = () => t.request({ method: 'DELETE', url: '/api/checkout/cart', as: a });

describe('moving a basket line to another person', () => {
  it("keeps the customer's own lines beside a linked user's in one basket, each saying whom it is for", async () => {
    const open = await openSpin(t);
    await addToBasket(t, a, open.id);
    const res = await addToBasket(t, a, open.id, { purchased_for_user_id: samId });
    expect(res.statusCode).toBe(200);
    // Adding for Sam does not switch to Sam's basket: both places are in the customer's, one line each.
    const cart = dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as: a }));
    expect(cart.items.map((i: { purchased_for_user_id: number | null }) => i.purchased_for_user_id).sort()).toEqual([samId, null].sort());
    // Sam cannot take a second place on the same session by moving the customer's line to them.
    const mine = cart.items.find((i: { purchased_for_user_id: number | null }) => i.purchased_for_user_id === null);
    const twice = await move(mine.id, samId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('already_in_basket');
    await clear();
  });

  it('moves a held session to a linked user and back: the line and its reserved place change hands', async () => {
    const open = await openSpin(t);
    const line = dataOf(await addToBasket(t, a, open.id)).items[0];
    expect(await holderOf(line.id)).toBe(aId);

    const res = await move(line.id, samId);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Successfully updated item in the basket.');
    expect(dataOf(res).items[0]).toMatchObject({ id: line.id, purchased_for_user_id: samId, occurrence_id: open.id });
    expect(await holderOf(line.id)).toBe(samId);

    const back = await move(line.id, aId);
    expect(dataOf(back).items[0].purchased_for_user_id).toBeNull();
    expect(await holderOf(line.id)).toBe(aId);
    await clear();
  });

  it('answers 404 for someone the customer may not act for, and changes nothing', async () => {
    const open = await openSpin(t);
    const line = dataOf(await addToBasket(t, a, open.id)).items[0];
    const res = await move(line.id, bId);
    expect(res.statusCode).toBe(404);
    expect(await holderOf(line.id)).toBe(aId);
    await clear();
  });

  it('refuses a line that belongs to one person (a top-up) with 409 and its reason', async () => {
    const added = await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as: a,
      payload: { items: [{ id: 'top-up', type: 'journalTransaction', amount: 2500 }] },
    });
    const res = await move(dataOf(added).items[0].id, samId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'item_not_movable',
      message: 'This item cannot be moved to another person. Remove it and add it again for them.',
    });
    await clear();
  });

  it('refuses a session whose hold has run out, and its place stays where it was', async () => {
    const open = await openSpin(t);
    const line = dataOf(await addToBasket(t, a, open.id)).items[0];
    clock.advance(16 * 60_000);
    const res = await move(line.id, samId);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('basket_item_expired');
    expect((await t.database.db.select().from(bookings).where(eq(bookings.cartItemId, line.id)))[0]?.userId).toBe(aId);
    await clear();
  });
});
