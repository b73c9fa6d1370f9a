import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentLines, tills } from '../../db/schema';
import { creditCustomer } from '../../seed/checkout';
import { demo, openSpin, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

let t: TestApp;
let desk: string;
let customer: string;
let customerId: number;
/** The seeded Front desk till, opened with a float for these tests (decision 161). */
let till: string;

beforeAll(async () => {
  t = await createTestApp();
  desk = await t.sessionFor(staff.email);
  customer = await t.sessionFor(demo.email);
  customerId = dataOf(await t.request({ method: 'GET', url: '/api/auth/user', as: customer })).id;
  const [row] = await t.database.db
    .select({ id: tills.id })
    .from(tills)
    .where(eq(tills.clientId, await t.clientId('northfield')));
  till = String(row?.id);
  await t.request({ method: 'POST', url: `/api/staff/tills/${till}/open`, as: desk, payload: { float: 0 } });
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

/** Staff put a spin class in a customer's basket and read its hash, as the desk screen would. */
async function basketFor(userId: number, who = customer): Promise<Json> {
  await t.request({ method: 'DELETE', url: `/api/checkout/cart?selected_user_id=${userId}`, as: desk });
  await t.request({
    method: 'POST',
    url: '/api/checkout/cart/add',
    as: desk,
    payload: { selected_user_id: userId, items: [{ id: (await openSpin(t, who)).id, type: 'purchasableOccurrence' }] },
  });
  return dataOf(await t.request({ method: 'GET', url: `/api/checkout/cart?selected_user_id=${userId}`, as: desk }));
}
const pay = (payload: Record<string, unknown>, who = desk) => t.request({ method: 'POST', url: '/api/foh/checkout/pay', as: who, payload });

describe('front of house pay', () => {
  it('is for staff only: a customer gets 403', async () => {
    const cart = await basketFor(customerId);
    const res = await pay(
      { selected_user_id: customerId, item_hash: cart.item_hash, payments: [{ tender_type: 'cash', amount: 650 }], till_id: till },
      customer,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Unauthorised.');
    expect(
      (await pay({ selected_user_id: customerId, item_hash: 'x', payments: [{ tender_type: 'cash', amount: 1 }] }, '')).statusCode,
    ).toBe(401);
  });

  it('needs a till for cash, cheque and offline vouchers', async () => {
    const cart = await basketFor(customerId);
    for (const tender of ['cash', 'cheque', 'offline-voucher']) {
      const res = await pay({ selected_user_id: customerId, item_hash: cart.item_hash, payments: [{ tender_type: tender, amount: 650 }] });
      expect(res.statusCode, tender).toBe(422);
      expect(res.json().errors.till_id).toEqual(['A till is needed for cash, cheque and offline voucher payments.']);
    }
  });

  it('takes cash through a till and writes a front-of-house order with its tender line', async () => {
    const cart = await basketFor(customerId);
    const res = await pay({
      selected_user_id: customerId,
      item_hash: cart.item_hash,
      payments: [{ tender_type: 'cash', amount: 650 }],
      till_id: till,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Order completed Successfully.');
    const orderId = dataOf(res).complete_order_id;
    const order = dataOf(await t.request({ method: 'GET', url: `/api/orders/${orderId}`, as: customer }));
    expect(order).toMatchObject({ source: 'foh', status: 'success', total: { value: 650 } });
    expect(order.line_items[0].booking.status).toBe('settled');
    const [line] = await t.database.db.select().from(paymentLines).where(eq(paymentLines.orderId, orderId));
    expect(line).toMatchObject({ tenderType: 'cash', amount: 650, tillId: till });
    // Pressed again: the basket is already paid, nothing is taken twice.
    const again = await pay({
      selected_user_id: customerId,
      item_hash: cart.item_hash,
      payments: [{ tender_type: 'cash', amount: 650 }],
      till_id: till,
    });
    expect(again.statusCode).toBe(409);
  });

  it('takes other tenders without a till, split across lines that add up to the total', async () => {
    const cart = await basketFor(customerId);
    const short = await pay({
      selected_user_id: customerId,
      item_hash: cart.item_hash,
      payments: [{ tender_type: 'voucher', amount: 600 }],
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().code).toBe('payment_mismatch');
    const res = await pay({
      selected_user_id: customerId,
      item_hash: cart.item_hash,
      payments: [
        { tender_type: 'voucher', amount: 400 },
        { tender_type: 'card', amount: 250 },
      ],
    });
    expect(res.statusCode).toBe(200);
  });

  it("refuses a stale item_hash, an online tender, and credit beyond the customer's balance", async () => {
    const cart = await basketFor(customerId);
    expect(
      (await pay({ selected_user_id: customerId, item_hash: 'stale', payments: [{ tender_type: 'card', amount: 650 }] })).json().code,
    ).toBe('basket_changed');
    const online = await pay({
      selected_user_id: customerId,
      item_hash: cart.item_hash,
      payments: [{ tender_type: 'online', amount: 650 }],
    });
    expect(online.json().errors['payments.0.tender_type']).toEqual(['This tender cannot be taken at the desk.']);
    const noCredit = await pay({
      selected_user_id: customerId,
      item_hash: cart.item_hash,
      payments: [{ tender_type: 'general-credit', amount: 650 }],
    });
    expect(noCredit.statusCode).toBe(409);
    expect(noCredit.json().code).toBe('credit_changed');
  });

  it("spends a customer's credit at the desk", async () => {
    const casey = await t.sessionFor(creditCustomer.email);
    const caseyId = dataOf(await t.request({ method: 'GET', url: '/api/auth/user', as: casey })).id;
    const cart = await basketFor(caseyId, casey);
    const res = await pay({
      selected_user_id: caseyId,
      item_hash: cart.item_hash,
      payments: [{ tender_type: 'general-credit', amount: 650 }],
    });
    expect(res.statusCode).toBe(200);
    const after = dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as: casey }));
    expect(after.available_credit.general.total_available).toBe(20_000 - 650);
  });
});
