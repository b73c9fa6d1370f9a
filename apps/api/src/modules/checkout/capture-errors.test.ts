import { paymentMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, paymentReconciliations, paymentTransactions } from '../../db/schema';
import { appJobs, periodicJobs } from '../../jobs/handlers';
import { runDueJobs } from '../../jobs/runner';
import { ManualClock } from '../../lib/clock';
import { demo, openSpin } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { type StripeFake, startStripeFake } from '../../test/stripe-fake';

let t: TestApp;
let fake: StripeFake;
let as: string;
const clock = new ManualClock();

beforeAll(async () => {
  fake = await startStripeFake();
  t = await createTestApp({
    clock,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_API_URL: fake.url,
      CAPTURE_GRACE_SECONDS: '120',
      RECONCILE_SECONDS: '60',
    },
  });
  as = await t.sessionFor(demo.email);
  await t.database.db.update(clients).set({ paymentProvider: 'stripe' }).where(eq(clients.identifier, 'northfield'));
  t.app.deps.cache.clear('client:');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const runJobs = () => runDueJobs(t.app.deps, clock.now(), { definitions: appJobs, periodic: periodicJobs(t.app.deps.config) });
const transaction = async (uuid: string) =>
  (await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, uuid)))[0]!;
async function basketReady(): Promise<{ session_key: string; item_hash: string }> {
  await t.request({ method: 'DELETE', url: '/api/checkout/cart', as });
  await t.request({
    method: 'POST',
    url: '/api/checkout/cart/add',
    as,
    payload: { items: [{ id: (await openSpin(t, as)).id, type: 'purchasableOccurrence' }] },
  });
  return dataOf(await t.request({ method: 'GET', url: '/api/checkout/prepare', as }));
}
const authorise = (session: { session_key: string; item_hash: string }, paymentMethod: string) =>
  t.request({
    method: 'POST',
    url: '/api/checkout/authorise',
    as,
    payload: { session_key: session.session_key, payment_method_id: paymentMethod, item_hash: session.item_hash, terms: true },
  });

/** Runs `fn` with the Stripe adapter's `method` throwing what no adapter should (a bug, an answer it cannot read). */
async function withAdapterThrowing(method: 'prepare' | 'authorise' | 'handleSca', fn: () => Promise<void>): Promise<void> {
  const forClient = t.app.deps.providers.forClient;
  t.app.deps.providers.forClient = async (name, clientId) => ({
    ...(await forClient(name, clientId)),
    [method]: () => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'status')")),
  });
  try {
    await fn();
  } finally {
    t.app.deps.providers.forClient = forClient;
  }
}

const complete = (uuid: string, itemHash: string) =>
  t.request({ method: 'POST', url: '/api/checkout/complete', as, payload: { transaction_uuid: uuid, item_hash: itemHash, terms: true } });

describe('a capture the provider answers with an error the adapter does not expect', () => {
  it("answers 'Failed to complete payment', never a 500, and leaves the payment for reconciliation to settle at once", async () => {
    const session = await basketReady();
    const auth = dataOf(await authorise(session, 'pm_card_visa'));
    expect(auth.transaction_status).toBe('authorised');
    const uuid: string = auth.transaction_uuid;
    const pi = (await transaction(uuid)).providerReference as string;

    // Stripe answers the capture with a card error (the Stripe SDK's StripeCardError, which the adapter passes on).
    fake.refuseCaptures(true);
    try {
      const res = await complete(uuid, session.item_hash);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(paymentMessages.completeFailed);
      // The attempt is marked abandoned: the grace period is already over for it.
      const left = await transaction(uuid);
      expect(left.status).toBe('capturing');
      expect(left.captureStartedAt!.getTime()).toBeLessThanOrEqual(clock.now().getTime() - 120_000);
      // The customer's other tab is answered at once the same way (it takes the capture over), not kept waiting
      // until the grace period ends and then told 409.
      const again = await complete(uuid, session.item_hash);
      expect(again.statusCode).toBe(502);
      expect(again.json().message).toBe(paymentMessages.completeFailed);
    } finally {
      fake.refuseCaptures(false);
    }

    // The next reconciliation run asks Stripe: never captured, so the authorisation is let go and the payment fails
    // with nothing taken.
    clock.advance(60_000);
    await runJobs();
    expect(await transaction(uuid)).toMatchObject({ status: 'failed', capturedAmount: 0, orderId: null });
    expect(fake.captures.get(pi)).toBeUndefined();
    expect(fake.calls.some((c) => c.method === 'POST' && c.path === `/v1/payment_intents/${pi}/cancel`)).toBe(true);
    const actions = await t.database.db.select().from(paymentReconciliations).where(eq(paymentReconciliations.transactionUuid, uuid));
    expect(actions.map((a) => [a.providerStatus, a.action])).toEqual([['authorised', 'released']]);
  });
});

describe('a preparation, authorisation or 3-D Secure completion the provider adapter cannot answer', () => {
  it("answers prepare with the spec's 'Failed to prepare payment'", async () => {
    await basketReady();
    await withAdapterThrowing('prepare', async () => {
      const res = await t.request({ method: 'GET', url: '/api/checkout/prepare', as });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(paymentMessages.prepareFailed);
    });
  });

  it("answers the spec's 'Failed to authorize payment' and leaves the transaction failed, not pending", async () => {
    const session = await basketReady();
    await withAdapterThrowing('authorise', async () => {
      const res = await authorise(session, 'pm_card_visa');
      expect(res.statusCode).toBe(200);
      const auth = dataOf(res);
      expect(auth).toMatchObject({ transaction_status: 'failed', error: { message: paymentMessages.authorizeFailed } });
      expect((await transaction(auth.transaction_uuid)).status).toBe('failed');
    });
  });

  it("answers the spec's 'Failed to complete 3D Secure verification', changes nothing, and can be asked again", async () => {
    const session = await basketReady();
    const auth = dataOf(await authorise(session, 'pm_card_threeDSecure2Required'));
    expect(auth.transaction_status).toBe('sca_required');
    const sca = () => t.request({ method: 'POST', url: `/api/payment-providers/sca-completion/${auth.transaction_uuid}`, as, payload: {} });
    await withAdapterThrowing('handleSca', async () => {
      const res = await sca();
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(paymentMessages.threeDSecureCompleteFailed);
      expect((await transaction(auth.transaction_uuid)).status).toBe('sca_required');
    });
    fake.passChallenge((await transaction(auth.transaction_uuid)).providerReference as string);
    expect(dataOf(await sca()).status).toBe('authorised');
  });
});
