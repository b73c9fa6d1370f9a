import { findCardNumbers } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  bookings,
  clients,
  creditLedger,
  memberships,
  occurrences,
  orderLines,
  paymentTransactions,
  penalties,
  sandboxCharges,
  users,
} from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { creditCustomer } from '../../seed/checkout';
import { demo, openSpin, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { sweepExpiredHolds } from '../bookings/capacity';

let t: TestApp;
let as: string;
let casey: string;
let northfield: number;
const clock = new ManualClock();

beforeAll(async () => {
  t = await createTestApp({ clock, env: { HOLD_MINUTES: '15' } });
  as = await t.sessionFor(demo.email);
  casey = await t.sessionFor(creditCustomer.email);
  northfield = await t.clientId('northfield');
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;
const post = (url: string, who: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, as: who, payload, headers });
const cartOf = async (who: string): Promise<Json> => dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as: who }));
const clear = (who: string) => t.request({ method: 'DELETE', url: '/api/checkout/cart', as: who });
const addSpin = async (who: string, id?: string): Promise<Json> =>
  dataOf(await post('/api/checkout/cart/add', who, { items: [{ id: id ?? (await openSpin(t, who)).id, type: 'purchasableOccurrence' }] }));
const prepare = async (who: string): Promise<Json> => dataOf(await t.request({ method: 'GET', url: '/api/checkout/prepare', as: who }));
const tokenise = async (sessionKey: string, card: string): Promise<string> =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/sandbox-provider/v1/card-identifiers',
      payload: { session_key: sessionKey, card_holder_name: 'A Morgan', card_number: card, expiry: '12/30', security_code: '123' },
    })
  ).json().card_identifier;
const authorise = (who: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  post('/api/checkout/authorise', who, { card_holder_name: 'A Morgan', terms: true, ...payload }, headers);
const complete = (who: string, transaction: string, itemHash: string) =>
  post('/api/checkout/complete', who, { transaction_uuid: transaction, item_hash: itemHash, terms: true });

/** A basket of one spin class, prepared and tokenised with the given test card, then authorised. */
async function authorised(who: string, card: string): Promise<{ session: Json; auth: Json }> {
  await clear(who);
  await addSpin(who);
  const session = await prepare(who);
  const cardIdentifier = await tokenise(session.session_key, card);
  const auth = dataOf(
    await authorise(who, { session_key: session.session_key, card_identifier: cardIdentifier, item_hash: session.item_hash }),
  );
  return { session, auth };
}

async function setClient(values: Partial<typeof clients.$inferInsert>) {
  await t.database.db.update(clients).set(values).where(eq(clients.id, northfield));
  t.app.deps.cache.clear('client:');
}

const caseyId = async () =>
  (
    await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.email, creditCustomer.email), eq(users.clientId, northfield)))
  )[0]!.id;

describe('paying by credit', () => {
  it('completes a basket paid fully by credit without a card, spending the credit', async () => {
    await clear(casey);
    await addSpin(casey);
    const applied = dataOf(await post('/api/credits/apply', casey, { credits_to_reserve: [{ amount: 650, type: 'general' }] }));
    expect(applied.totals).toMatchObject({ balance: 0, formatted_balance: '£0.00' });
    const session = await prepare(casey);
    expect(session.amount).toMatchObject({ value: 0, formatted: '£0.00' });
    const auth = dataOf(await authorise(casey, { item_hash: session.item_hash }));
    expect(auth).toMatchObject({ transaction_status: 'authorised', error: null });
    const done = await complete(casey, auth.transaction_uuid, session.item_hash);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Order completed Successfully.');
    const order = dataOf(await t.request({ method: 'GET', url: `/api/orders/${dataOf(done).complete_order_id}`, as: casey }));
    expect(order.payments).toEqual([{ tender_type: 'general-credit', amount: { value: 650, formatted: '£6.50', currency: 'GBP' } }]);
    expect(order.line_items[0].booking.status).toBe('settled');
    expect((await cartOf(casey)).available_credit.general.total_available).toBe(20_000 - 650);
  });

  it('splits membership credit and card, and records both tender lines', async () => {
    await clear(casey);
    await addSpin(casey);
    await post('/api/credits/apply', casey, { credits_to_reserve: [{ amount: 400, type: 'membership' }] });
    const session = await prepare(casey);
    expect(session.amount.value).toBe(250);
    const card = await tokenise(session.session_key, '4242424242424242');
    const noCard = await authorise(casey, { session_key: session.session_key, item_hash: session.item_hash });
    expect(noCard.statusCode).toBe(422);
    expect(noCard.json().errors.card_identifier).toEqual(['Required']);
    const wrongSplit = await authorise(casey, {
      session_key: session.session_key,
      card_identifier: card,
      item_hash: session.item_hash,
      payments: [{ tender_type: 'card', amount: 650 }],
    });
    expect(wrongSplit.json().code).toBe('payment_mismatch');
    const auth = dataOf(
      await authorise(casey, {
        session_key: session.session_key,
        card_identifier: card,
        item_hash: session.item_hash,
        payments: [
          { tender_type: 'membership-credit', amount: 400 },
          { tender_type: 'card', amount: 250 },
        ],
      }),
    );
    const orderId = dataOf(await complete(casey, auth.transaction_uuid, session.item_hash)).complete_order_id;
    const order = dataOf(await t.request({ method: 'GET', url: `/api/orders/${orderId}`, as: casey }));
    expect(order.payments.map((p: Json) => [p.tender_type, p.amount.value])).toEqual([
      ['membership-credit', 400],
      ['card', 250],
    ]);
    const [charge] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.transactionUuid, auth.transaction_uuid));
    expect(charge?.amount).toBe(250);
  });

  it('refuses to complete when the credit was spent elsewhere meanwhile, and gives the card money back', async () => {
    await clear(casey);
    await addSpin(casey);
    await post('/api/credits/apply', casey, { credits_to_reserve: [{ amount: 300, type: 'membership' }] });
    const session = await prepare(casey);
    const auth = dataOf(
      await authorise(casey, {
        session_key: session.session_key,
        card_identifier: await tokenise(session.session_key, '4242424242424242'),
        item_hash: session.item_hash,
      }),
    );
    const id = await caseyId();
    await t.database.db
      .insert(creditLedger)
      .values({ clientId: northfield, userId: id, kind: 'membership', amount: -2000, reason: 'spent elsewhere' });
    const res = await complete(casey, auth.transaction_uuid, session.item_hash);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Your credit balance has changed. Please apply your credit again.');
    const [charge] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.transactionUuid, auth.transaction_uuid));
    expect(charge?.refunded).toBe(charge?.amount);
    await t.database.db
      .insert(creditLedger)
      .values({ clientId: northfield, userId: id, kind: 'membership', amount: 2000, reason: 'restored' });
    await clear(casey);
  });
});

describe('3-D Secure (sandbox challenge card)', () => {
  it('asks for the challenge, serves its page, and authorises once the customer completes it', async () => {
    const { session, auth } = await authorised(as, '4000 0000 0000 3220');
    expect(auth).toMatchObject({
      transaction_status: 'sca_required',
      sca_url: `/sandbox-provider/3ds/${auth.transaction_uuid}`,
      sca_method: 'GET',
      return_url: `/basket/checkout?transaction_uuid=${auth.transaction_uuid}`,
      error: null,
    });
    const pageRes = await t.app.inject({
      method: 'GET',
      url: `${auth.sca_url}?return_url=${encodeURIComponent(auth.sca_data.return_url)}`,
    });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('Complete authentication');
    expect(pageRes.body).toContain('<html lang="en-GB">');
    // Completing before the challenge is answered is refused.
    expect((await complete(as, auth.transaction_uuid, session.item_hash)).statusCode).toBe(409);
    const answered = await t.app.inject({
      method: 'POST',
      url: auth.sca_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `result=passed&return_url=${encodeURIComponent(auth.return_url)}`,
    });
    expect(answered.statusCode).toBe(303);
    expect(answered.headers.location).toBe(`/basket/checkout?transaction_uuid=${auth.transaction_uuid}&sca_result=passed`);
    const sca = await post(`/api/payment-providers/sca-completion/${auth.transaction_uuid}`, as, {
      transaction_uuid: auth.transaction_uuid,
      sca_result: 'passed',
    });
    expect(dataOf(sca)).toEqual({ transaction_id: auth.transaction_uuid, status: 'authorised' });
    const done = await complete(as, auth.transaction_uuid, session.item_hash);
    expect(done.statusCode).toBe(200);
    expect(dataOf(done).status).toBe('success');
  });

  it("fails with '3D Secure verification failed' when the customer fails it, whatever the browser claims", async () => {
    const { session, auth } = await authorised(as, '4000000000003220');
    await t.app.inject({
      method: 'POST',
      url: auth.sca_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `result=failed&return_url=${encodeURIComponent(auth.return_url)}`,
    });
    const sca = await post(`/api/payment-providers/sca-completion/${auth.transaction_uuid}`, as, { sca_result: 'passed' });
    expect(dataOf(sca).status).toBe('failed');
    const [row] = await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, auth.transaction_uuid));
    expect(row).toMatchObject({ status: 'failed', errorMessage: '3D Secure verification failed' });
    expect((await complete(as, auth.transaction_uuid, session.item_hash)).json().code).toBe('transaction_not_authorised');
    await clear(as);
  });

  it('lets only the payer, or staff with a role here for a desk payment, complete a challenge (decision 232)', async () => {
    const passChallenge = (auth: Json) =>
      t.app.inject({
        method: 'POST',
        url: auth.sca_url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `result=passed&return_url=${encodeURIComponent(auth.return_url)}`,
      });
    const statusOf = async (uuid: string) =>
      (await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, uuid)))[0]?.status;
    const [noRole] = await t.database.db
      .insert(users)
      .values({
        clientId: northfield,
        reference: 'NF-SCANOROLE',
        role: 'staff',
        email: 'sca-norole@example.invalid',
        passwordHash: '!',
        firstName: 'No',
        lastName: 'Role',
      })
      .returning({ id: users.id });
    expect(noRole).toBeDefined();
    const roleless = await t.sessionFor('sca-norole@example.invalid');
    const desk = await t.sessionFor(staff.email);
    // The demo customer's own online payment: not another customer's, nor any staff's, to complete.
    const { auth } = await authorised(as, '4000000000003220');
    await passChallenge(auth);
    const url = `/api/payment-providers/sca-completion/${auth.transaction_uuid}`;
    expect((await post(url, casey, { sca_result: 'passed' })).statusCode).toBe(404);
    expect((await post(url, roleless, { sca_result: 'passed' })).statusCode).toBe(403);
    expect((await post(url, desk, { sca_result: 'passed' })).statusCode).toBe(404);
    expect(await statusOf(auth.transaction_uuid)).toBe('sca_required');
    expect(dataOf(await post(url, as, { sca_result: 'passed' })).status).toBe('authorised');
    await clear(as);
    // A payment the desk started for the demo customer: the desk finishes it; staff without a role here cannot.
    const demoId = dataOf(await t.request({ method: 'GET', url: '/api/auth/user', as })).id;
    await t.request({ method: 'DELETE', url: `/api/checkout/cart?selected_user_id=${demoId}`, as: desk });
    const spin = await openSpin(t, as);
    const added = await post('/api/checkout/cart/add', desk, {
      selected_user_id: demoId,
      items: [{ id: spin.id, type: 'purchasableOccurrence' }],
    });
    expect(added.statusCode).toBe(200);
    const session = dataOf(await t.request({ method: 'GET', url: `/api/checkout/prepare?selected_user_id=${demoId}`, as: desk }));
    const cardIdentifier = await tokenise(session.session_key, '4000000000003220');
    const deskAuth = dataOf(
      await authorise(desk, {
        selected_user_id: demoId,
        session_key: session.session_key,
        card_identifier: cardIdentifier,
        item_hash: session.item_hash,
      }),
    );
    expect(deskAuth.transaction_status).toBe('sca_required');
    await passChallenge(deskAuth);
    const deskUrl = `/api/payment-providers/sca-completion/${deskAuth.transaction_uuid}`;
    expect((await post(deskUrl, roleless, { sca_result: 'passed' })).statusCode).toBe(403);
    expect((await post(deskUrl, casey, { sca_result: 'passed' })).statusCode).toBe(404);
    expect(await statusOf(deskAuth.transaction_uuid)).toBe('sca_required');
    expect(dataOf(await post(deskUrl, desk, { sca_result: 'passed' })).status).toBe('authorised');
    await t.request({ method: 'DELETE', url: `/api/checkout/cart?selected_user_id=${demoId}`, as: desk });
  });

  it('refuses a challenge page that would send the customer to another site', async () => {
    const { auth } = await authorised(as, '4000000000003220');
    const res = await t.app.inject({ method: 'GET', url: `${auth.sca_url}?return_url=${encodeURIComponent('//evil.example/x')}` });
    expect(res.statusCode).toBe(404);
    await clear(as);
  });
});

describe('payment errors', () => {
  it("declines insufficient funds with 'Payment was declined'", async () => {
    const { auth } = await authorised(as, '4000000000009995');
    expect(auth).toMatchObject({ transaction_status: 'failed', error: { code: 'insufficient_funds', message: 'Payment was declined' } });
    await clear(as);
  });

  it("answers a completion without a transaction with 'No transaction ID available for payment completion'", async () => {
    const res = await post('/api/checkout/complete', as, { item_hash: 'x', terms: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('No transaction ID available for payment completion');
  });

  it("answers an unknown session with 'Payment session ID not found'", async () => {
    await clear(as);
    const cart = await addSpin(as);
    const res = await authorise(as, { session_key: 'ps_nope', card_identifier: 'card_x', item_hash: cart.item_hash });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Payment session ID not found');
    await clear(as);
  });

  it('refuses a stale item_hash with the basket-changed message', async () => {
    await clear(as);
    await addSpin(as);
    const session = await prepare(as);
    await addSpin(as);
    const res = await authorise(as, {
      session_key: session.session_key,
      card_identifier: await tokenise(session.session_key, '4242424242424242'),
      item_hash: session.item_hash,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Your basket has changed. Please review it and try again.');
    await clear(as);
  });

  it('answers per provider: Stripe without keys, Opayo and Ryft not supported, none specified', async () => {
    await clear(as);
    await addSpin(as);
    const cases: [string, number, string][] = [
      ['stripe', 502, 'Failed to get Stripe configuration'],
      ['opayo', 422, "Payment provider 'opayo' is not supported"],
      ['ryft', 422, "Payment provider 'ryft' is not supported"],
      ['', 422, 'Payment provider not specified'],
    ];
    try {
      for (const [provider, status, message] of cases) {
        await setClient({ paymentProvider: provider });
        const res = await t.request({ method: 'GET', url: '/api/checkout/prepare', as });
        expect(res.statusCode, provider).toBe(status);
        expect(res.json().message, provider).toBe(message);
      }
    } finally {
      await setClient({ paymentProvider: 'sandbox' });
      await clear(as);
    }
  });

  it("answers prepare with 403, the paid-booking-disabled flag and the operator's message when paid bookings are off", async () => {
    await clear(as);
    await addSpin(as);
    try {
      await setClient({ paidBookingDisabledMessage: 'Online payments are paused until Monday.' });
      const res = await t.request({ method: 'GET', url: '/api/checkout/prepare', as });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: 'Online payments are paused until Monday.',
        code: 'paid_booking_disabled',
        data: { paid_booking_disabled: true },
      });
    } finally {
      await setClient({ paidBookingDisabledMessage: null });
      await clear(as);
    }
  });
});

describe('exactly once', () => {
  it('returns the first transaction for a repeated Idempotency-Key, even with another card identifier', async () => {
    await clear(as);
    await addSpin(as);
    const session = await prepare(as);
    const key = { 'idempotency-key': 'pay-attempt-1' };
    // Each attempt tokenises the card afresh, so only the key makes them one.
    const attempt = async () =>
      dataOf(
        await authorise(
          as,
          {
            session_key: session.session_key,
            card_identifier: await tokenise(session.session_key, '4242424242424242'),
            item_hash: session.item_hash,
          },
          key,
        ),
      );
    const first = await attempt();
    const second = await attempt();
    expect(second.transaction_uuid).toBe(first.transaction_uuid);
    const once = await complete(as, first.transaction_uuid, session.item_hash);
    const twice = await complete(as, first.transaction_uuid, session.item_hash);
    expect(dataOf(twice)).toEqual(dataOf(once));
    expect(twice.json().message).toBe('Order completed Successfully.');
  });

  it('makes one order and one charge when two tabs pay the same basket', async () => {
    await clear(as);
    await addSpin(as);
    const tabA = await prepare(as);
    const tabB = await prepare(as);
    const a = dataOf(
      await authorise(as, {
        session_key: tabA.session_key,
        card_identifier: await tokenise(tabA.session_key, '4242424242424242'),
        item_hash: tabA.item_hash,
      }),
    );
    const b = dataOf(
      await authorise(as, {
        session_key: tabB.session_key,
        card_identifier: await tokenise(tabB.session_key, '4242424242424242'),
        item_hash: tabB.item_hash,
      }),
    );
    expect(b.transaction_uuid).not.toBe(a.transaction_uuid);
    const doneA = dataOf(await complete(as, a.transaction_uuid, tabA.item_hash));
    const doneB = dataOf(await complete(as, b.transaction_uuid, tabB.item_hash));
    expect(doneB.complete_order_id).toBe(doneA.complete_order_id);
    const charges = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(sql`${sandboxCharges.transactionUuid} IN (${a.transaction_uuid}, ${b.transaction_uuid})`);
    expect(charges.map((c) => c.transactionUuid)).toEqual([a.transaction_uuid]);
  });
});

describe('a payment that arrives after its holds expired', () => {
  it('is confirmed when the place is still free', async () => {
    const { session, auth } = await authorised(as, '4242424242424242');
    clock.advance(16 * 60_000);
    await sweepExpiredHolds(t.database.db, clock.now());
    const done = await complete(as, auth.transaction_uuid, session.item_hash);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Order completed Successfully.');
    expect(dataOf(done).credited).toBeNull();
    const order = dataOf(await t.request({ method: 'GET', url: `/api/orders/${dataOf(done).complete_order_id}`, as }));
    expect(order.line_items[0].booking.status).toBe('settled');
  });

  it("is credited to the customer's account when the place is gone, and the customer is told", async () => {
    const { session, auth } = await authorised(as, '4242424242424242');
    const occurrenceId = (await cartOf(as)).items[0].occurrence_id;
    clock.advance(16 * 60_000);
    await sweepExpiredHolds(t.database.db, clock.now());
    await t.database.db
      .update(occurrences)
      .set({ capacityConsumed: sql`${occurrences.capacityMaximum}` })
      .where(eq(occurrences.id, occurrenceId));
    const done = await complete(as, auth.transaction_uuid, session.item_hash);
    expect(done.statusCode).toBe(200);
    expect(dataOf(done).credited).toEqual({ value: 650, formatted: '£6.50', currency: 'GBP' });
    expect(done.json().message).toBe(
      'Your payment arrived after some places were released and could not be rebooked. £6.50 has been added to your account credit.',
    );
    const orderId = dataOf(done).complete_order_id;
    const [line] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(line?.status).toBe('credited');
    const view = dataOf(await t.request({ method: 'GET', url: `/api/orders/${orderId}`, as }));
    expect(view.line_items[0].status).toBe('credited');
    const [ledger] = await t.database.db.select().from(creditLedger).where(eq(creditLedger.orderId, orderId));
    expect(ledger).toMatchObject({ kind: 'general', amount: 650 });
    const settled = await t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.occurrenceId, occurrenceId), eq(bookings.orderId, orderId)));
    expect(settled).toEqual([]);
    expect((await cartOf(as)).available_credit.general.total_available).toBeGreaterThanOrEqual(650);
  });

  it('cannot be paid for once expired: authorise refuses expired items', async () => {
    await clear(as);
    await addSpin(as);
    const session = await prepare(as);
    clock.advance(16 * 60_000);
    const cart = await cartOf(as);
    expect(cart.items[0].expired).toBe(true);
    const res = await authorise(as, {
      session_key: session.session_key,
      card_identifier: await tokenise(session.session_key, '4242424242424242'),
      item_hash: cart.item_hash,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('basket_item_expired');
    await clear(as);
  });
});

describe('the session calls', () => {
  it('prepare, pay and complete through /session/*', async () => {
    await clear(as);
    await addSpin(as);
    const session = dataOf(await post('/api/checkout/session/prepare', as, { source: 'activity-booking' }));
    expect(session.payment_session_id).toBe(session.session_key);
    const pay = await post('/api/checkout/session/payment', as, {
      payment_session_id: session.payment_session_id,
      card_identifier: await tokenise(session.session_key, '4242424242424242'),
      payments: [],
      terms: true,
      completed_waivers: [],
      source: 'activity-booking',
    });
    expect(pay.statusCode).toBe(200);
    const { transaction_uuid } = dataOf(pay);
    const done = await post(`/api/checkout/session/complete/${transaction_uuid}`, as, { terms: true, payments: [], completed_waivers: [] });
    expect(done.statusCode).toBe(200);
    expect(dataOf(done)).toMatchObject({ status: 'success' });
    expect(dataOf(done).complete_order_id).toBeGreaterThan(0);
  });

  it('refuses a session payment when the basket changed since the session was prepared', async () => {
    await clear(as);
    await addSpin(as);
    const session = dataOf(await post('/api/checkout/session/prepare', as, {}));
    await addSpin(as);
    const pay = await post('/api/checkout/session/payment', as, {
      payment_session_id: session.payment_session_id,
      card_identifier: await tokenise(session.session_key, '4242424242424242'),
      terms: true,
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().code).toBe('basket_changed');
    const missing = await post('/api/checkout/session/payment', as, { payment_session_id: 'ps_missing', terms: true });
    expect(missing.json().message).toBe('Payment session ID not found');
    await clear(as);
  });
});

describe('what completion delivers beyond places', () => {
  it('pays a penalty, renews a membership and issues a top-up', async () => {
    const id = await caseyId();
    await clear(casey);
    const [penalty] = await t.database.db.select().from(penalties).where(eq(penalties.userId, id));
    const [membership] = await t.database.db.select().from(memberships).where(eq(memberships.userId, id));
    await post('/api/checkout/cart/add', casey, {
      items: [
        { id: penalty!.id, type: 'penalty' },
        { id: membership!.id, type: 'membershipRenewal' },
        { id: 'top-up', type: 'journalTransaction', amount: 1000 },
      ],
    });
    const session = await prepare(casey);
    expect(session.amount.value).toBe(500 + 3000 + 1000);
    const auth = dataOf(
      await authorise(casey, {
        session_key: session.session_key,
        card_identifier: await tokenise(session.session_key, '4242424242424242'),
        item_hash: session.item_hash,
      }),
    );
    const balanceBefore = (await cartOf(casey)).available_credit.general.total_available;
    expect((await complete(casey, auth.transaction_uuid, session.item_hash)).statusCode).toBe(200);
    const [paid] = await t.database.db.select().from(penalties).where(eq(penalties.id, penalty!.id));
    expect(paid?.status).toBe('paid');
    const [renewed] = await t.database.db.select().from(memberships).where(eq(memberships.id, membership!.id));
    expect(renewed!.endsAt!.getTime()).toBeGreaterThan(membership!.endsAt!.getTime());
    expect((await cartOf(casey)).available_credit.general.total_available).toBe(balanceBefore + 1000);
    const rows = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM packages WHERE user_id = ${id}`);
    expect(rows[0]?.n).toBe(0);
  });
});

describe('saved cards', () => {
  it('saves a card when asked, offers it at the next prepare, and pays with saved_card_id', async () => {
    await clear(casey);
    await addSpin(casey);
    const first = await prepare(casey);
    expect(first.saved_card).toBeNull();
    const auth = dataOf(
      await authorise(casey, {
        session_key: first.session_key,
        card_identifier: await tokenise(first.session_key, '5555 5555 5555 4444'),
        item_hash: first.item_hash,
        save_card: true,
      }),
    );
    expect((await complete(casey, auth.transaction_uuid, first.item_hash)).statusCode).toBe(200);

    await addSpin(casey);
    const next = await prepare(casey);
    expect(next.saved_card).toMatchObject({ last4: '4444', brand: 'mastercard', expiry: '12/30' });
    const missing = await authorise(casey, { session_key: next.session_key, saved_card_id: 999999, item_hash: next.item_hash });
    expect(missing.statusCode).toBe(404);
    await clear(as);
    await addSpin(as);
    const demoSession = await prepare(as);
    expect(demoSession.saved_card).toBeNull();
    const notYours = await authorise(as, {
      session_key: demoSession.session_key,
      saved_card_id: next.saved_card.id,
      item_hash: demoSession.item_hash,
    });
    expect(notYours.statusCode).toBe(404);
    await clear(as);
    const paid = dataOf(
      await authorise(casey, { session_key: next.session_key, saved_card_id: next.saved_card.id, item_hash: next.item_hash }),
    );
    expect(paid).toMatchObject({ transaction_status: 'authorised', error: null });
    expect((await complete(casey, paid.transaction_uuid, next.item_hash)).statusCode).toBe(200);
  });
});

describe('the card boundary', () => {
  it('leaves no card number anywhere in the database after every kind of payment above', async () => {
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
