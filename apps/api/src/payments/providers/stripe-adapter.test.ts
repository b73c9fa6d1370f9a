import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { paymentCustomers, savedCards } from '../../db/schema';
import { appJobs, periodicJobs } from '../../jobs/handlers';
import { runDueJobs } from '../../jobs/runner';
import { demo, openSpin } from '../../test/fixtures';
import { dataOf, type TestApp } from '../../test/harness';
import { type StripeFake, startStripeFake } from '../../test/stripe-fake';
import { adapterSuite, type Json, testCardNumbers } from './adapter-suite';

/**
 * The shared adapter suite (decision 111) for Stripe, set up as a client with a Stripe account of its own in
 * PAYMENT_SETTINGS (decision 110), against the local fake of Stripe's API; with that client's own webhook address and
 * secret (decision 140). stripe.test.ts covers the deployment-wide STRIPE_* account.
 */
let fake: StripeFake;
const publishableKey = 'pk_test_suite';
const webhookSecret = 'whsec_suite_northfield';

/** Stripe.js's part, in the browser: the card goes to Stripe with the publishable key and comes back as a PaymentMethod. */
async function paymentMethodFor(card: keyof typeof testCardNumbers): Promise<string> {
  const res = await fetch(`${fake.url}/v1/payment_methods`, {
    method: 'POST',
    headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ type: 'card', 'card[number]': testCardNumbers[card] }).toString(),
  });
  return ((await res.json()) as { id: string }).id;
}

const authorise = async (t: TestApp, as: string, session: Json, card: keyof typeof testCardNumbers, extra: Record<string, unknown> = {}) =>
  dataOf(
    await t.request({
      method: 'POST',
      url: '/api/checkout/authorise',
      as,
      payload: {
        session_key: session.session_key,
        payment_method_id: await paymentMethodFor(card),
        item_hash: session.item_hash,
        terms: true,
        ...extra,
      },
    }),
  );

/** A basket with one spin class for this customer, and the checkout prepared for it. */
async function readyFor(t: TestApp, as: string, headers: Record<string, string> = {}): Promise<Json> {
  await t.request({ method: 'DELETE', url: '/api/checkout/cart', as, headers });
  await t.request({
    method: 'POST',
    url: '/api/checkout/cart/add',
    as,
    headers,
    payload: { items: [{ id: (await openSpin(t, as)).id, type: 'purchasableOccurrence' }] },
  });
  return dataOf(await t.request({ method: 'GET', url: '/api/checkout/prepare', as, headers }));
}

const intentsCreated = () => fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/payment_intents');
const customersCreated = () => fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/customers');

const event = (type: string, intent: Record<string, unknown>) =>
  JSON.stringify({
    id: `evt_${type}`,
    object: 'event',
    type,
    api_version: '2025-01-01',
    data: { object: { object: 'payment_intent', ...intent } },
  });

const webhook = (t: TestApp, client: string, payload: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: `/payment-providers/stripe/webhook/${client}`,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });

adapterSuite(
  {
    name: 'stripe',
    async start() {
      fake = await startStripeFake();
      return {
        provider: 'stripe',
        secretKey: 'sk_test_suite_northfield',
        publishableKey,
        webhookSecret,
        apiUrl: fake.url,
        scriptUrl: `${fake.url}/v3/`,
      };
    },
    stop: () => fake.close(),
    authorise,
    cardFields: async (_session, card) => ({ payment_method_id: await paymentMethodFor(card) }),
    async challenge(t, as, auth, reference, passed) {
      // Stripe.js runs the challenge in the page (handleNextAction); the checkout then asks the server, which asks Stripe.
      expect(auth.client_secret).toBe(`${reference}_secret_x`);
      if (passed) fake.passChallenge(reference);
      else fake.failChallenge(reference);
      return dataOf(
        await t.request({ method: 'POST', url: `/api/payment-providers/sca-completion/${auth.transaction_uuid}`, as, payload: {} }),
      );
    },
    taken: (reference) => fake.captures.get(reference) ?? 0,
    takenAmount: (reference) => fake.capturedAmounts.get(reference) ?? 0,
    refunded: (reference) => fake.refunded.get(reference) ?? 0,
    hangCaptures: (on) => fake.hangCaptures(on),
    failSessions: () => {},
    sessionFailed: null,
    secrets: () => ['sk_test_suite_northfield', webhookSecret],
  },
  (ctx) => {
    it("gives the browser Stripe.js's address and the client's own publishable key", async () => {
      const session = await ctx().ready();
      expect(session).toMatchObject({
        payment_provider: 'stripe',
        url: `${fake.url}/v3/`,
        public_key: publishableKey,
        client_secret: null,
      });
    });

    it("cancels the PaymentIntent Stripe made when authorise's answer was lost (the transaction failed with 'Failed to authorize payment')", async () => {
      const { t, as, ready, clock } = ctx();
      fake.hangAuthorisations(true);
      let auth: Json;
      try {
        auth = await authorise(t, as, await ready(), 'approve');
      } finally {
        fake.hangAuthorisations(false);
      }
      expect(auth).toMatchObject({ transaction_status: 'failed', error: { message: 'Failed to authorize payment' } });
      const made = fake.calls.find((c) => c.idempotencyKey === `authorise-${auth.transaction_uuid}`);
      expect(made).toBeDefined();
      clock.advance(61_000);
      await runDueJobs(t.app.deps, clock.now(), { definitions: appJobs, periodic: periodicJobs(t.app.deps.config) });
      const cancelled = fake.calls.filter((c) => c.method === 'POST' && /\/v1\/payment_intents\/pi_[^/]+\/cancel$/.test(c.path));
      expect(cancelled.length).toBeGreaterThanOrEqual(1);
      const id = cancelled.at(-1)?.path.split('/')[3] as string;
      expect(fake.statusOf(id)).toBe('canceled');
    });

    describe('saved cards (decision 220)', () => {
      let cardId: number;
      let customer: string;
      let method: string;

      it('keeps a card the customer asked to save on their own Stripe Customer; only brand, last four and expiry here', async () => {
        const { t, as, row } = ctx();
        const before = customersCreated().length;
        const session = await readyFor(t, as);
        expect(session.saved_card).toBeNull();
        const auth = await authorise(t, as, session, 'approve', { save_card: true });
        expect(auth.transaction_status).toBe('authorised');
        expect(customersCreated()).toHaveLength(before + 1);
        const [kept] = await t.database.db.select().from(paymentCustomers);
        customer = kept?.reference as string;
        expect(customer).toMatch(/^cus_fake_/);
        // The PaymentIntent was made with the Customer and set up for future use, so Stripe attached its card.
        expect(intentsCreated().at(-1)?.form).toMatchObject({ customer, setup_future_usage: 'on_session' });
        const pi = (await row(auth.transaction_uuid)).providerReference as string;
        expect((await ctx().complete(auth.transaction_uuid, session.item_hash)).statusCode).toBe(200);
        expect(fake.captures.get(pi)).toBe(1);
        const list = await t.request({ method: 'GET', url: '/api/checkout/saved-cards', as });
        const cards = dataOf(list);
        expect(cards).toEqual([{ id: expect.any(Number), brand: 'visa', last4: '4242', expiry: '12/34' }]);
        expect(list.body).not.toMatch(/pm_|cus_/);
        cardId = cards[0].id;
        const [saved] = await t.database.db.select().from(savedCards).where(eq(savedCards.id, cardId));
        method = saved?.reference as string;
        expect(fake.attachedTo(customer)).toEqual([method]);
      });

      it('offers it at the next prepare and pays with it through the same Customer, taking the money once at completion', async () => {
        const { t, as, row } = ctx();
        const before = customersCreated().length;
        const session = await readyFor(t, as);
        expect(session.saved_card).toEqual({ id: cardId, brand: 'visa', last4: '4242', expiry: '12/34' });
        const auth = dataOf(
          await t.request({
            method: 'POST',
            url: '/api/checkout/authorise',
            as,
            payload: { session_key: session.session_key, saved_card_id: cardId, item_hash: session.item_hash, terms: true },
          }),
        );
        expect(auth.transaction_status).toBe('authorised');
        const sent = intentsCreated().at(-1)?.form;
        expect(sent).toMatchObject({ payment_method: method, customer });
        expect(sent?.setup_future_usage).toBeUndefined();
        expect(customersCreated()).toHaveLength(before);
        expect((await ctx().complete(auth.transaction_uuid, session.item_hash)).statusCode).toBe(200);
        const done = await row(auth.transaction_uuid);
        const pi = done.providerReference as string;
        expect(fake.captures.get(pi)).toBe(1);
        expect(done.capturedAmount - done.refundedAmount).toBe(650);
        expect((fake.capturedAmounts.get(pi) ?? 0) - (fake.refunded.get(pi) ?? 0)).toBe(650);
      });

      it("shows, uses and removes a saved card for its owner only: not another customer, another client's session, or a stranger", async () => {
        const { t } = ctx();
        const other = await t.sessionFor('member1@example.invalid');
        expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/saved-cards', as: other }))).toEqual([]);
        const session = await readyFor(t, other);
        expect(session.saved_card).toBeNull();
        const used = await t.request({
          method: 'POST',
          url: '/api/checkout/authorise',
          as: other,
          payload: { session_key: session.session_key, saved_card_id: cardId, item_hash: session.item_hash, terms: true },
        });
        expect(used.statusCode).toBe(404);
        expect((await t.request({ method: 'DELETE', url: `/api/checkout/saved-cards/${cardId}`, as: other })).statusCode).toBe(404);
        const riverside = { 'client-domain-identifier': 'riverside' };
        const elsewhere = await t.sessionFor(demo.email, 'riverside');
        const listed = await t.request({ method: 'GET', url: '/api/checkout/saved-cards', as: elsewhere, headers: riverside });
        expect(dataOf(listed)).toEqual([]);
        const removed = await t.request({
          method: 'DELETE',
          url: `/api/checkout/saved-cards/${cardId}`,
          as: elsewhere,
          headers: riverside,
        });
        expect(removed.statusCode).toBe(404);
        expect((await t.request({ method: 'GET', url: '/api/checkout/saved-cards' })).statusCode).toBe(401);
        expect((await t.request({ method: 'DELETE', url: `/api/checkout/saved-cards/${cardId}` })).statusCode).toBe(401);
        // Nothing changed: still attached at Stripe and still listed for its owner.
        expect(fake.attachedTo(customer)).toEqual([method]);
        expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/saved-cards', as: ctx().as }))).toHaveLength(1);
        expect(fake.calls.some((c) => c.path.includes('/detach'))).toBe(false);
      });

      it('removes it: detached from the Customer at Stripe, gone from the list and the checkout, and not payable', async () => {
        const { t, as } = ctx();
        const res = await t.request({ method: 'DELETE', url: `/api/checkout/saved-cards/${cardId}`, as });
        expect(res.statusCode).toBe(204);
        expect(fake.attachedTo(customer)).toEqual([]);
        expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/saved-cards', as }))).toEqual([]);
        const session = await readyFor(t, as);
        expect(session.saved_card).toBeNull();
        const used = await t.request({
          method: 'POST',
          url: '/api/checkout/authorise',
          as,
          payload: { session_key: session.session_key, saved_card_id: cardId, item_hash: session.item_hash, terms: true },
        });
        expect(used.statusCode).toBe(404);
        expect((await t.request({ method: 'DELETE', url: `/api/checkout/saved-cards/${cardId}`, as })).statusCode).toBe(404);
      });

      it("keeps a card asked to be kept after its 3-D Secure challenge; paying with it runs Stripe's next action again, money taken once", async () => {
        const { t, as, row } = ctx();
        const session = await readyFor(t, as);
        const auth = await authorise(t, as, session, 'challenge', { save_card: true });
        expect(auth.transaction_status).toBe('sca_required');
        const pi = (await row(auth.transaction_uuid)).providerReference as string;
        fake.passChallenge(pi);
        const sca = await t.request({
          method: 'POST',
          url: `/api/payment-providers/sca-completion/${auth.transaction_uuid}`,
          as,
          payload: {},
        });
        expect(dataOf(sca).status).toBe('authorised');
        expect((await ctx().complete(auth.transaction_uuid, session.item_hash)).statusCode).toBe(200);
        const cards = dataOf(await t.request({ method: 'GET', url: '/api/checkout/saved-cards', as }));
        expect(cards).toEqual([{ id: expect.any(Number), brand: 'visa', last4: '3220', expiry: '12/34' }]);
        const next = await readyFor(t, as);
        const again = dataOf(
          await t.request({
            method: 'POST',
            url: '/api/checkout/authorise',
            as,
            payload: { session_key: next.session_key, saved_card_id: cards[0].id, item_hash: next.item_hash, terms: true },
          }),
        );
        // The issuer asks again: the browser gets the client secret for Stripe.js's handleNextAction, as for a new card.
        const nextPi = (await row(again.transaction_uuid)).providerReference as string;
        expect(again).toMatchObject({ transaction_status: 'sca_required', client_secret: `${nextPi}_secret_x` });
        fake.passChallenge(nextPi);
        const passed = await t.request({
          method: 'POST',
          url: `/api/payment-providers/sca-completion/${again.transaction_uuid}`,
          as,
          payload: {},
        });
        expect(dataOf(passed).status).toBe('authorised');
        expect((await ctx().complete(again.transaction_uuid, next.item_hash)).statusCode).toBe(200);
        const done = await row(again.transaction_uuid);
        expect(fake.captures.get(nextPi)).toBe(1);
        expect(done.capturedAmount - done.refundedAmount).toBe(650);
        expect((fake.capturedAmounts.get(nextPi) ?? 0) - (fake.refunded.get(nextPi) ?? 0)).toBe(650);
        // Clean up for the next test: the card is removed (detached at Stripe).
        expect((await t.request({ method: 'DELETE', url: `/api/checkout/saved-cards/${cards[0].id}`, as })).statusCode).toBe(204);
      });

      it('keeps nothing when the customer did not ask, and the fake refuses what Stripe refuses', async () => {
        const { t, as } = ctx();
        const session = await readyFor(t, as);
        const auth = await authorise(t, as, session, 'approve');
        expect(auth.transaction_status).toBe('authorised');
        const sent = intentsCreated().at(-1)?.form ?? {};
        expect(sent.setup_future_usage).toBeUndefined();
        expect(sent.customer).toBeUndefined();
        expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/saved-cards', as }))).toEqual([]);
        const stripe = new Stripe('sk_test_suite_northfield', {
          host: '127.0.0.1',
          port: Number(new URL(fake.url).port),
          protocol: 'http',
          maxNetworkRetries: 0,
        });
        const refused = async (work: () => Promise<unknown>) => {
          try {
            await work();
          } catch (err) {
            return err as { code?: string; param?: string };
          }
          throw new Error('Stripe would have refused this');
        };
        const base = { amount: 650, currency: 'gbp', capture_method: 'manual' as const, confirm: true, use_stripe_sdk: true };
        expect(
          await refused(() => stripe.paymentIntents.create({ ...base, payment_method: 'pm_card_visa', saveCard: true } as never)),
        ).toMatchObject({
          code: 'parameter_unknown',
          param: 'saveCard',
        });
        // A card attached to a Customer goes only with that Customer; a detached one not at all.
        const second = await stripe.customers.create({});
        const kept = await stripe.paymentIntents.create({
          ...base,
          payment_method: 'pm_card_visa',
          customer: second.id,
          setup_future_usage: 'on_session',
        });
        const pm = String(kept.payment_method);
        expect(await refused(() => stripe.paymentIntents.create({ ...base, payment_method: pm }))).toMatchObject({
          param: 'payment_method',
        });
        expect(await refused(() => stripe.paymentIntents.create({ ...base, payment_method: pm, customer: customer }))).toMatchObject({
          param: 'payment_method',
        });
        await stripe.paymentMethods.detach(pm);
        expect(await refused(() => stripe.paymentIntents.create({ ...base, payment_method: pm, customer: second.id }))).toMatchObject({
          code: 'payment_method_unexpected_state',
        });
        expect(await refused(() => stripe.paymentMethods.detach(pm))).toMatchObject({ code: 'payment_method_unexpected_state' });
      });
    });

    it("refuses a webhook signed with another secret at the client's address, applies its own once, and ignores a duplicate", async () => {
      const { t, as, ready, row } = ctx();
      const auth = await authorise(t, as, await ready(), 'challenge');
      expect(auth.transaction_status).toBe('sca_required');
      const pi = (await row(auth.transaction_uuid)).providerReference as string;
      const payload = event('payment_intent.amount_capturable_updated', { id: pi, status: 'requires_capture' });
      const signed = (secret: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
      for (const signature of [signed('whsec_someone_else'), 't=1,v1=deadbeef', '']) {
        const res = await webhook(t, 'northfield', payload, signature);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'The webhook signature could not be verified.', code: 'webhook_signature' });
      }
      // A client without a Stripe account of its own has no such address; the deployment's has no secret here.
      expect((await webhook(t, 'riverside', payload, signed(webhookSecret))).statusCode).toBe(404);
      expect((await row(auth.transaction_uuid)).status).toBe('sca_required');
      expect((await webhook(t, 'northfield', payload, signed(webhookSecret))).statusCode).toBe(200);
      expect((await row(auth.transaction_uuid)).status).toBe('authorised');
      // The same event again, then a late failure: neither changes a transaction no longer waiting on Stripe.
      expect((await webhook(t, 'northfield', payload, signed(webhookSecret))).statusCode).toBe(200);
      const failed = event('payment_intent.payment_failed', { id: pi, status: 'requires_payment_method' });
      const failedSigned = Stripe.webhooks.generateTestHeaderString({ payload: failed, secret: webhookSecret });
      expect((await webhook(t, 'northfield', failed, failedSigned)).statusCode).toBe(200);
      expect((await row(auth.transaction_uuid)).status).toBe('authorised');
    });
  },
);
