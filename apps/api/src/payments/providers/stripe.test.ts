import { paymentMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, paymentTransactions } from '../../db/schema';
import { applyProviderEvent } from '../../modules/checkout/provider-events';
import { demo, openSpin } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { type StripeFake, startStripeFake } from '../../test/stripe-fake';
import { providerEventOf, stripeProvider } from './stripe';

const WEBHOOK_SECRET = 'whsec_test_secret';
let t: TestApp;
let fake: StripeFake;
let as: string;

beforeAll(async () => {
  fake = await startStripeFake();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    },
  });
  as = await t.sessionFor(demo.email);
  await t.database.db.update(clients).set({ paymentProvider: 'stripe' }).where(eq(clients.identifier, 'northfield'));
  t.app.deps.cache.clear('client:');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

async function ready(): Promise<Json> {
  await t.request({ method: 'DELETE', url: '/api/checkout/cart', as });
  await t.request({
    method: 'POST',
    url: '/api/checkout/cart/add',
    as,
    payload: { items: [{ id: (await openSpin(t, as)).id, type: 'purchasableOccurrence' }] },
  });
  return dataOf(await t.request({ method: 'GET', url: '/api/checkout/prepare', as }));
}
const authorise = async (session: Json, paymentMethod: string): Promise<Json> =>
  dataOf(
    await t.request({
      method: 'POST',
      url: '/api/checkout/authorise',
      as,
      payload: { session_key: session.session_key, payment_method_id: paymentMethod, item_hash: session.item_hash, terms: true },
    }),
  );
/** The PaymentIntent a transaction was authorised with (our record of Stripe's reference). */
const piOf = async (auth: Json): Promise<string> =>
  (await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, auth.transaction_uuid)))[0]
    ?.providerReference as string;
const complete = (uuid: string, itemHash: string) =>
  t.request({ method: 'POST', url: '/api/checkout/complete', as, payload: { transaction_uuid: uuid, item_hash: itemHash, terms: true } });
const webhook = (payload: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/payment-providers/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
const event = (type: string, intent: Record<string, unknown>) =>
  JSON.stringify({
    id: `evt_${type}`,
    object: 'event',
    type,
    api_version: '2025-01-01',
    data: { object: { object: 'payment_intent', ...intent } },
  });

describe('the Stripe provider (official SDK against a local fake of its API)', () => {
  it('prepares with Stripe.js and the publishable key, never a card form of ours', async () => {
    const session = await ready();
    expect(session).toMatchObject({
      payment_provider: 'stripe',
      url: 'https://js.stripe.com/v3/',
      public_key: 'pk_test_fake',
      mode: 'test',
    });
  });

  it('authorises a PaymentIntent with manual capture and takes the money once at completion, however often completion runs', async () => {
    const session = await ready();
    const auth = await authorise(session, 'pm_card_visa');
    expect(auth).toMatchObject({ transaction_status: 'authorised', error: null });
    const [row] = await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, auth.transaction_uuid));
    const pi = row!.providerReference as string;
    expect(fake.captures.get(pi)).toBeUndefined();
    const first = await complete(auth.transaction_uuid, session.item_hash);
    const again = await complete(auth.transaction_uuid, session.item_hash);
    expect(first.statusCode).toBe(200);
    expect(dataOf(again)).toEqual(dataOf(first));
    expect(fake.captures.get(pi)).toBe(1);
    const create = fake.calls.find((c) => c.path === '/v1/payment_intents' && c.idempotencyKey === `authorise-${auth.transaction_uuid}`);
    expect(create).toBeDefined();
  });

  it("answers a declined card with 'Payment was declined'", async () => {
    const session = await ready();
    expect(await authorise(session, 'pm_card_chargeDeclined')).toMatchObject({
      transaction_status: 'failed',
      error: { code: 'generic_decline', message: 'Payment was declined' },
    });
  });

  it("sends the customer to Stripe's 3-D Secure page and authorises once Stripe says the challenge passed", async () => {
    const session = await ready();
    const auth = await authorise(session, 'pm_card_threeDSecure2Required');
    expect(auth.transaction_status).toBe('sca_required');
    // Confirmed with use_stripe_sdk: Stripe.js runs the step (the client secret), coming back to our absolute address.
    expect(auth.client_secret).toMatch(/_secret_/);
    expect(auth.sca_url).toBe(`http://localhost/basket/checkout?transaction_uuid=${auth.transaction_uuid}`);
    const create = fake.calls.find((c) => c.path === '/v1/payment_intents' && c.idempotencyKey === `authorise-${auth.transaction_uuid}`);
    expect(create?.form).toMatchObject({ use_stripe_sdk: 'true', return_url: auth.sca_url });
    const pi = await piOf(auth);
    fake.passChallenge(pi);
    const sca = dataOf(
      await t.request({ method: 'POST', url: `/api/payment-providers/sca-completion/${auth.transaction_uuid}`, as, payload: {} }),
    );
    expect(sca.status).toBe('authorised');
    expect((await complete(auth.transaction_uuid, session.item_hash)).statusCode).toBe(200);
  });

  it("fails with '3D Secure verification failed' when Stripe says the challenge failed", async () => {
    const session = await ready();
    const auth = await authorise(session, 'pm_card_threeDSecure2Required');
    fake.failChallenge(await piOf(auth));
    const sca = dataOf(
      await t.request({ method: 'POST', url: `/api/payment-providers/sca-completion/${auth.transaction_uuid}`, as, payload: {} }),
    );
    expect(sca.status).toBe('failed');
    const [row] = await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, auth.transaction_uuid));
    expect(row?.errorMessage).toBe('3D Secure verification failed');
  });
});

describe("Stripe's 3-D Secure by leaving the page (handleNextAction's redirect) and coming back", () => {
  it("is refused by Stripe (and its fake) when the return_url is a path, so ours is the checkout's absolute address", async () => {
    const res = await fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_fake', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        amount: '650',
        currency: 'gbp',
        payment_method: 'pm_card_threeDSecure2Required',
        confirm: 'true',
        return_url: '/basket/checkout?transaction_uuid=x',
      }).toString(),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error).toMatchObject({ code: 'url_invalid', param: 'return_url' });
  });

  it("sends the customer to the issuer's page and back to the checkout, which asks Stripe whether it passed", async () => {
    const session = await ready();
    const auth = await authorise(session, 'pm_card_threeDSecureRequired');
    expect(auth).toMatchObject({ transaction_status: 'sca_required', client_secret: expect.stringMatching(/_secret_/) });
    const pi = await piOf(auth);
    // What Stripe.js does with this PaymentIntent's next action: it leaves for the page Stripe names.
    const intent = (await (
      await fetch(`${fake.url}/v1/payment_intents/${pi}?client_secret=${encodeURIComponent(auth.client_secret)}`, {
        headers: { authorization: 'Bearer pk_test_fake' },
      })
    ).json()) as Json;
    expect(intent.next_action).toMatchObject({ type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } });
    const back = await fetch(intent.next_action.use_stripe_sdk.stripe_js, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'result=passed',
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    const location = new URL(String(back.headers.get('location')));
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost/basket/checkout');
    expect(location.searchParams.get('transaction_uuid')).toBe(auth.transaction_uuid);
    expect(location.searchParams.get('redirect_status')).toBe('succeeded');
    const sca = dataOf(
      await t.request({ method: 'POST', url: `/api/payment-providers/sca-completion/${auth.transaction_uuid}`, as, payload: {} }),
    );
    expect(sca.status).toBe('authorised');
    expect((await complete(auth.transaction_uuid, session.item_hash)).statusCode).toBe(200);
    expect(fake.captures.get(pi)).toBe(1);
  });
});

describe("Stripe's release when Stripe refuses the cancel", () => {
  const provider = () => {
    const url = new URL(fake.url);
    return stripeProvider({
      secretKey: 'sk_test_fake',
      publishableKey: 'pk_test_fake',
      webhookSecret: null,
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
    });
  };
  const money = (reference: string) => ({ transactionUuid: `release-${reference}`, reference, amount: 650, currency: 'GBP' });

  it('reads the PaymentIntent: one captured meanwhile is said to be captured, one cancelled already is let go', async () => {
    const captured = await authorise(await ready(), 'pm_card_visa');
    const capturedPi = await piOf(captured);
    await provider().capture({ ...money(capturedPi), transactionUuid: captured.transaction_uuid });
    expect(await provider().release?.(money(capturedPi))).toEqual({ status: 'captured', captured: 650, refunded: 0 });

    const held = await authorise(await ready(), 'pm_card_visa');
    const heldPi = await piOf(held);
    expect(await provider().release?.(money(heldPi))).toEqual({ status: 'released', captured: 0, refunded: 0 });
    // Cancelled already (by another process, with its own idempotency key): Stripe refuses, and that is fine.
    expect(await provider().release?.({ ...money(heldPi), transactionUuid: 'another' })).toEqual({
      status: 'released',
      captured: 0,
      refunded: 0,
    });
  });
});

describe('two tabs paying one basket with Stripe', () => {
  it('captures the first and lets go of the second authorisation', async () => {
    const tabA = await ready();
    const tabB = dataOf(await t.request({ method: 'GET', url: '/api/checkout/prepare', as }));
    const a = await authorise(tabA, 'pm_card_visa');
    const b = await authorise(tabB, 'pm_card_visa');
    const doneA = dataOf(await complete(a.transaction_uuid, tabA.item_hash));
    const doneB = dataOf(await complete(b.transaction_uuid, tabB.item_hash));
    expect(doneB.complete_order_id).toBe(doneA.complete_order_id);
    const refOf = async (uuid: string) =>
      (await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, uuid)))[0]?.providerReference as string;
    expect(fake.captures.get(await refOf(a.transaction_uuid))).toBe(1);
    expect(fake.captures.get(await refOf(b.transaction_uuid))).toBeUndefined();
    const second = await refOf(b.transaction_uuid);
    expect(fake.calls.some((c) => c.method === 'POST' && c.path === `/v1/payment_intents/${second}/cancel`)).toBe(true);
  });
});

describe('Stripe webhooks', () => {
  it('moves a transaction waiting on 3-D Secure to authorised on a correctly signed event', async () => {
    const session = await ready();
    const auth = await authorise(session, 'pm_card_threeDSecure2Required');
    const pi = await piOf(auth);
    const payload = event('payment_intent.amount_capturable_updated', { id: pi, status: 'requires_capture' });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await webhook(payload, signature);
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, auth.transaction_uuid));
    expect(row?.status).toBe('authorised');
  });

  it('refuses an event whose signature does not verify, and changes nothing', async () => {
    const session = await ready();
    const auth = await authorise(session, 'pm_card_threeDSecure2Required');
    const pi = await piOf(auth);
    const payload = event('payment_intent.payment_failed', { id: pi, status: 'requires_payment_method' });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    for (const signature of [forged, 't=1,v1=deadbeef', '']) {
      const res = await webhook(payload, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The webhook signature could not be verified.', code: 'webhook_signature' });
    }
    // A payload changed after signing fails too.
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await webhook(payload.replace('requires_payment_method', 'succeeded'), signed)).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, auth.transaction_uuid));
    expect(row?.status).toBe('sca_required');
    // The genuine event is accepted.
    expect((await webhook(payload, signed)).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, auth.transaction_uuid));
    expect(after?.status).toBe('failed');
  });
});

describe('what a Stripe webhook does to a transaction (applyProviderEvent)', () => {
  const rowOf = async (uuid: string) =>
    (await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, uuid)))[0];
  const send = async (type: string, intent: Record<string, unknown>) => {
    const payload = event(type, intent);
    return webhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
  };

  it("records a failure with Stripe's code and 'Payment was declined', and a later event changes nothing", async () => {
    const auth = await authorise(await ready(), 'pm_card_threeDSecure2Required');
    const pi = await piOf(auth);
    const failed = { id: pi, status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } };
    expect((await send('payment_intent.payment_failed', failed)).statusCode).toBe(200);
    expect(await rowOf(auth.transaction_uuid)).toMatchObject({
      status: 'failed',
      errorCode: 'card_declined',
      errorMessage: paymentMessages.declined,
      result: null,
    });
    expect(paymentMessages.declined).toBe('Payment was declined');
    expect((await send('payment_intent.amount_capturable_updated', { id: pi, status: 'requires_capture' })).statusCode).toBe(200);
    expect((await rowOf(auth.transaction_uuid))?.status).toBe('failed');
  });

  it('leaves a completed transaction alone, and acknowledges events it does not act on', async () => {
    const session = await ready();
    const auth = await authorise(session, 'pm_card_visa');
    expect((await complete(auth.transaction_uuid, session.item_hash)).statusCode).toBe(200);
    const pi = (await rowOf(auth.transaction_uuid))?.providerReference;
    expect((await send('payment_intent.payment_failed', { id: pi, status: 'requires_payment_method' })).statusCode).toBe(200);
    expect((await send('payment_intent.succeeded', { id: pi, status: 'succeeded' })).statusCode).toBe(200);
    expect(await rowOf(auth.transaction_uuid)).toMatchObject({ status: 'completed', errorCode: null });
  });

  it("only touches the named provider's transaction with that reference", async () => {
    const auth = await authorise(await ready(), 'pm_card_threeDSecure2Required');
    const pi = await piOf(auth);
    await applyProviderEvent(t.database.db, 'sandbox', { reference: pi, status: 'failed', code: 'card_declined' }, new Date());
    await applyProviderEvent(t.database.db, 'stripe', { reference: 'pi_someone_else', status: 'authorised' }, new Date());
    expect((await rowOf(auth.transaction_uuid))?.status).toBe('sca_required');
    await applyProviderEvent(t.database.db, 'stripe', { reference: pi, status: 'authorised' }, new Date());
    expect((await rowOf(auth.transaction_uuid))?.status).toBe('authorised');
  });
});

describe('providerEventOf', () => {
  const of = (type: string, intent: Record<string, unknown>) => providerEventOf(JSON.parse(event(type, intent)) as Stripe.Event);

  it("reads a capturable PaymentIntent as authorised and a failed one as failed with Stripe's code", () => {
    expect(of('payment_intent.amount_capturable_updated', { id: 'pi_1' })).toEqual({ reference: 'pi_1', status: 'authorised' });
    expect(of('payment_intent.payment_failed', { id: 'pi_2', last_payment_error: { code: 'expired_card' } })).toEqual({
      reference: 'pi_2',
      status: 'failed',
      code: 'expired_card',
    });
    expect(of('payment_intent.payment_failed', { id: 'pi_3', last_payment_error: null })).toEqual({
      reference: 'pi_3',
      status: 'failed',
      code: 'payment_declined',
    });
  });

  it('says nothing about other events', () => {
    expect(of('payment_intent.succeeded', { id: 'pi_4' })).toBeNull();
    expect(of('charge.refunded', { id: 'ch_1' })).toBeNull();
  });
});

describe('when Stripe cannot be reached', () => {
  it("answers 'Failed to authorize payment', 'Failed to complete 3D Secure verification' and 'Failed to complete payment'", async () => {
    const forSca = await ready();
    const challenged = await authorise(forSca, 'pm_card_threeDSecure2Required');
    expect(challenged.transaction_status).toBe('sca_required');
    // The basket to capture is the current one (ready() empties the basket before filling it again).
    const forCapture = await ready();
    const authorised = await authorise(forCapture, 'pm_card_visa');
    expect(authorised.transaction_status).toBe('authorised');

    await fake.close();

    const capture = await complete(authorised.transaction_uuid, forCapture.item_hash);
    expect(capture.statusCode).toBe(502);
    expect(capture.json().message).toBe('Failed to complete payment');
    const sca = await t.request({
      method: 'POST',
      url: `/api/payment-providers/sca-completion/${challenged.transaction_uuid}`,
      as,
      payload: {},
    });
    expect(sca.statusCode).toBe(502);
    expect(sca.json().message).toBe('Failed to complete 3D Secure verification');
    const session = await ready();
    expect(await authorise(session, 'pm_card_visa')).toMatchObject({
      transaction_status: 'failed',
      error: { code: 'authorize_failed', message: 'Failed to authorize payment' },
    });
  });
});
