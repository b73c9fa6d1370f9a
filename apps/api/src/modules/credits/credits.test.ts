import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCustomer } from '../../seed/checkout';
import { openSpin } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

let t: TestApp;
let casey: string;

beforeAll(async () => {
  t = await createTestApp();
  casey = await t.sessionFor(creditCustomer.email);
});
afterAll(() => t.close());

const apply = (credits: { amount: number; type: string }[], extra: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: '/api/credits/apply', as: casey, payload: { credits_to_reserve: credits, ...extra } });
const clear = () => t.request({ method: 'DELETE', url: '/api/checkout/cart', as: casey });
const addSpin = async () =>
  dataOf(
    await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as: casey,
      payload: { items: [{ id: (await openSpin(t, casey)).id, type: 'purchasableOccurrence' }] },
    }),
  );

describe('available credit', () => {
  it('shows membership and general credit with the total available and the most applicable to this basket', async () => {
    await clear();
    const cart = await addSpin();
    expect(cart.available_credit).toEqual({
      membership: { type: 'membership', total_available: 2000, max_applicable: 650 },
      general: { type: 'general', total_available: 20000, max_applicable: 650 },
    });
    await clear();
  });
});

describe('POST /api/credits/apply', () => {
  it("applies credit as a payment line, lowers the balance, changes the item_hash and says 'Credit successfully applied.'", async () => {
    await clear();
    const before = await addSpin();
    const res = await apply([{ amount: 400, type: 'membership' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Credit successfully applied.');
    const cart = dataOf(res);
    expect(cart.credits).toEqual([{ id: 'membership-credit', tender_type: 'membership-credit', amount: 400 }]);
    expect(cart.totals).toMatchObject({ total: 650, balance: 250, formatted_balance: '£2.50' });
    expect(cart.available_credit.general.max_applicable).toBe(250);
    expect(cart.item_hash).not.toBe(before.item_hash);
    // A second membership line replaces the first; 0 takes it off.
    expect(dataOf(await apply([{ amount: 650, type: 'membership' }])).credits).toHaveLength(1);
    expect(dataOf(await apply([{ amount: 0, type: 'membership' }])).credits).toEqual([]);
    await clear();
  });

  it("refuses more than may be applied with 'Credit amount could not be applied.' and changes nothing", async () => {
    await clear();
    await addSpin();
    await apply([{ amount: 300, type: 'general' }]);
    for (const credits of [
      [{ amount: 651, type: 'general' }],
      [{ amount: 2001, type: 'membership' }],
      [{ amount: 400, type: 'membership' }],
    ]) {
      const res = await apply(credits);
      expect(res.statusCode, JSON.stringify(credits)).toBe(422);
      expect(res.json().message).toBe('Credit amount could not be applied.');
      expect(res.json().errors['credits_to_reserve.0.amount']).toEqual(['Credit amount could not be applied.']);
    }
    const cart = dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as: casey }));
    expect(cart.credits).toEqual([{ id: 'general-credit', tender_type: 'general-credit', amount: 300 }]);
    await clear();
  });

  it('refuses a credit type that does not exist and a negative amount (422 with field messages)', async () => {
    const bad = await apply([{ amount: 100, type: 'gift' }]);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['credits_to_reserve.0.type']);
    expect((await apply([{ amount: -1, type: 'general' }])).json().errors['credits_to_reserve.0.amount']).toEqual(['Must be at least 0']);
  });

  it('keeps only the general credit line when items are removed, fitted to the new total', async () => {
    await clear();
    const first = await addSpin();
    const second = await addSpin();
    expect(second.totals.total).toBe(1300);
    await apply([
      { amount: 500, type: 'membership' },
      { amount: 800, type: 'general' },
    ]);
    const removed = await t.request({
      method: 'POST',
      url: '/api/checkout/cart/remove',
      as: casey,
      payload: { cart_item_ids: [first.items[0].id] },
    });
    expect(dataOf(removed).credits).toEqual([{ id: 'general-credit', tender_type: 'general-credit', amount: 650 }]);
    expect(dataOf(removed).totals.balance).toBe(0);
    await clear();
  });

  it('needs a logged-in customer and refuses someone else as selected user', async () => {
    expect(
      (await t.request({ method: 'POST', url: '/api/credits/apply', payload: { credits_to_reserve: [{ amount: 1, type: 'general' }] } }))
        .statusCode,
    ).toBe(401);
    // A customer the caller is not linked to is not found (the accounts' acting-for rule).
    expect((await apply([{ amount: 1, type: 'general' }], { selected_user_id: 1 })).statusCode).toBe(404);
  });
});
