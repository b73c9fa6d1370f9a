import Stripe from 'stripe';
import { expect, it } from 'vitest';
import { appJobs, periodicJobs } from '../../jobs/handlers';
import { runDueJobs } from '../../jobs/runner';
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

const authorise = async (t: TestApp, as: string, session: Json, card: keyof typeof testCardNumbers) =>
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
      },
    }),
  );

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
