import { findCardNumbers } from '@app/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { addToBasket, demo, openSpin, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

let t: TestApp;
let as: string;

beforeAll(async () => {
  t = await createTestApp();
  as = await t.sessionFor(demo.email);
});
afterAll(() => t.close());

async function tokenise(sessionKey: string, cardNumber: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox-provider/v1/card-identifiers',
    payload: { session_key: sessionKey, card_holder_name: 'A Morgan', card_number: cardNumber, expiry: '12/30', security_code: '123' },
  });
  return res;
}

/** Basket with one class, prepared and tokenised: what the checkout page has before Pay. */
async function readyToPay(card = '4242 4242 4242 4242') {
  await t.request({ method: 'DELETE', url: '/api/checkout/cart', as });
  await addToBasket(t, as, (await openSpin(t, as)).id);
  const session = dataOf(await t.request({ method: 'GET', url: '/api/checkout/prepare', as }));
  const token = (await tokenise(session.session_key, card)).json();
  return { session, cardIdentifier: token.card_identifier as string };
}

const authorise = (session: { session_key: string; item_hash: string }, cardIdentifier: string, extra: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/checkout/authorise',
    as,
    payload: {
      session_key: session.session_key,
      card_identifier: cardIdentifier,
      card_holder_name: 'A Morgan',
      terms: true,
      item_hash: session.item_hash,
      ...extra,
    },
  });

const complete = (transaction: string, itemHash: string, who = as) =>
  t.request({
    method: 'POST',
    url: '/api/checkout/complete',
    as: who,
    payload: { transaction_uuid: transaction, item_hash: itemHash, terms: true },
  });

describe('prepare', () => {
  it('refuses an empty basket', async () => {
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as });
    const res = await t.request({ method: 'GET', url: '/api/checkout/prepare', as });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Your shopping basket is empty');
  });

  it('returns the sandbox session: provider, key, where to send the card, the amount and hash', async () => {
    const { session } = await readyToPay();
    expect(session).toMatchObject({
      payment_provider: 'sandbox',
      mode: 'test',
      url: '/sandbox-provider/v1/card-identifiers',
      amount: { value: 650, formatted: '£6.50' },
    });
    expect(session.session_key).toMatch(/^ps_/);
  });
});

describe('paying by card', () => {
  it('authorises, completes, and turns held places into a settled booking on an order', async () => {
    const { session, cardIdentifier } = await readyToPay();
    const auth = dataOf(await authorise(session, cardIdentifier));
    expect(auth).toMatchObject({ transaction_status: 'authorised', error: null });
    const done = await complete(auth.transaction_uuid, session.item_hash);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Order completed Successfully.');
    const orderId = dataOf(done).complete_order_id;
    const order = dataOf(await t.request({ method: 'GET', url: `/api/orders/${orderId}`, as }));
    expect(order).toMatchObject({ status: 'success', total: { formatted: '£6.50' }, balance: { value: 0 }, refund_status: null, count: 1 });
    expect(order.line_items[0].booking.status).toBe('settled');
    expect(order.payments).toEqual([{ tender_type: 'card', amount: { value: 650, formatted: '£6.50', currency: 'GBP' } }]);
    // The basket is closed; a new one is empty.
    expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as })).items).toHaveLength(0);
  });

  it('returns the first answer when authorise or complete is repeated, and makes one order', async () => {
    const { session, cardIdentifier } = await readyToPay();
    const first = dataOf(await authorise(session, cardIdentifier));
    const again = dataOf(await authorise(session, cardIdentifier));
    expect(again.transaction_uuid).toBe(first.transaction_uuid);
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => complete(first.transaction_uuid, session.item_hash)));
    const ids = new Set(results.map((r) => dataOf(r).complete_order_id));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(ids.size).toBe(1);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE cart_id = (SELECT cart_id FROM orders WHERE id = ${[...ids][0]})`,
    );
    expect(row?.n).toBe(1);
  });

  it("declines the decline card with the spec's message and leaves the basket to pay again", async () => {
    const { session, cardIdentifier } = await readyToPay('4000 0000 0000 0002');
    const auth = dataOf(await authorise(session, cardIdentifier));
    expect(auth).toMatchObject({ transaction_status: 'failed', error: { code: 'payment_declined', message: 'Payment was declined' } });
    const res = await complete(auth.transaction_uuid, session.item_hash);
    expect(res.statusCode).toBe(409);
    expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as })).items).toHaveLength(1);
  });

  it('refuses to authorise a basket that changed since prepare', async () => {
    const { session, cardIdentifier } = await readyToPay();
    const res = await authorise(session, cardIdentifier, { item_hash: 'stale' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('basket_changed');
  });

  it('needs the terms when the client has terms', async () => {
    const { session, cardIdentifier } = await readyToPay();
    const res = await authorise(session, cardIdentifier, { terms: false });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.terms).toEqual(['You must agree to the Terms and Conditions.']);
  });

  it('refuses payment lines that do not add up to the amount to pay', async () => {
    const { session, cardIdentifier } = await readyToPay();
    const res = await authorise(session, cardIdentifier, { payments: [{ tender_type: 'card', amount: 1 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('payment_mismatch');
    expect(res.json().errors.payments).toEqual(['The payments do not cover the amount to pay.']);
  });

  it("does not let another customer complete someone's transaction or read their order", async () => {
    const { session, cardIdentifier } = await readyToPay();
    const auth = dataOf(await authorise(session, cardIdentifier));
    const other = await t.request({
      method: 'POST',
      url: '/api/auth/customer/register',
      payload: { first_name: 'Eve', last_name: 'Other', email: 'eve@example.com', password: 'eve-password-1' },
    });
    const eve = String(other.headers['set-cookie']).split(';')[0] as string;
    expect((await complete(auth.transaction_uuid, session.item_hash, eve)).statusCode).toBe(404);
    const mine = dataOf(await complete(auth.transaction_uuid, session.item_hash)).complete_order_id;
    const peek = await t.request({ method: 'GET', url: `/api/orders/${mine}`, as: eve });
    expect(peek.statusCode).toBe(404);
    const staffPeek = await t.request({ method: 'GET', url: `/api/orders/${mine}`, as: await t.sessionFor(staff.email) });
    expect(staffPeek.statusCode).toBe(200);
  });
});

describe('the sandbox provider', () => {
  it('refuses a number that fails the Luhn check without echoing it', async () => {
    const { session } = await readyToPay();
    const res = await tokenise(session.session_key, '4242 4242 4242 4241');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.card_number).toEqual(['Enter a valid card number']);
    expect(res.body).not.toContain('4241');
  });

  it("refuses an expired card and an unknown payment session with the catalogue's words", async () => {
    const { session } = await readyToPay();
    const expired = await t.app.inject({
      method: 'POST',
      url: '/sandbox-provider/v1/card-identifiers',
      payload: {
        session_key: session.session_key,
        card_holder_name: 'A Morgan',
        card_number: '4242 4242 4242 4242',
        expiry: '01/20',
        security_code: '123',
      },
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.expiry).toEqual(['The card has expired']);
    const unknown = await tokenise('no-such-session', '4242 4242 4242 4242');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.session_key).toEqual(['Payment session ID not found']);
  });

  it('never stores a card number anywhere in the database', async () => {
    const tables = await queryRows<{ table_name: string }>(
      t.database.db,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    for (const { table_name } of tables) {
      const rows = await queryRows<Record<string, unknown>>(t.database.db, sql.raw(`SELECT * FROM "${table_name}"`));
      // Session token hashes are random hex: a run of digits in one can pass the Luhn check by chance.
      for (const row of rows) delete row.token_hash;
      expect(findCardNumbers(JSON.stringify(rows)), table_name).toEqual([]);
    }
  });
});
