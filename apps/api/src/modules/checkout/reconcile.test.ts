import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentReconciliations, paymentRefunds, paymentTransactions, sandboxCardTokens, sandboxCharges } from '../../db/schema';
import { appJobs, periodicJobs } from '../../jobs/handlers';
import { jobsNamed } from '../../jobs/queue';
import { runDueJobs } from '../../jobs/runner';
import { ManualClock } from '../../lib/clock';
import { type PaymentProvider, ProviderUnavailable } from '../../payments/providers';
import { sandboxProvider } from '../../payments/providers/sandbox';
import { demo, openSpin } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { REFUND_JOB } from './refunds';

let t: TestApp;
let as: string;
const clock = new ManualClock();

beforeAll(async () => {
  t = await createTestApp({ clock, env: { CAPTURE_GRACE_SECONDS: '120', RECONCILE_SECONDS: '60', JOBS_BACKOFF_SECONDS: '10' } });
  as = await t.sessionFor(demo.email);
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;
const sandbox = () => sandboxProvider(t.app.deps.db);
const runJobs = () => runDueJobs(t.app.deps, clock.now(), { definitions: appJobs, periodic: periodicJobs(t.app.deps.config) });
const transaction = async (uuid: string) =>
  (await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, uuid)))[0]!;
const moneyOf = (tx: { uuid: string; providerReference: string | null; amount: number; currency: string }) => ({
  transactionUuid: tx.uuid,
  reference: tx.providerReference,
  amount: tx.amount,
  currency: tx.currency,
});

/** A spin class in the basket, authorised with the sandbox's approving card. */
async function authorised(): Promise<{ uuid: string; itemHash: string }> {
  await t.request({ method: 'DELETE', url: '/api/checkout/cart', as });
  await t.request({
    method: 'POST',
    url: '/api/checkout/cart/add',
    as,
    payload: { items: [{ id: (await openSpin(t, as)).id, type: 'purchasableOccurrence' }] },
  });
  const session: Json = dataOf(await t.request({ method: 'GET', url: '/api/checkout/prepare', as }));
  const card = (
    await t.app.inject({
      method: 'POST',
      url: '/sandbox-provider/v1/card-identifiers',
      payload: {
        session_key: session.session_key,
        card_holder_name: 'A Morgan',
        card_number: '4242424242424242',
        expiry: '12/30',
        security_code: '123',
      },
    })
  ).json().card_identifier;
  const auth = dataOf(
    await t.request({
      method: 'POST',
      url: '/api/checkout/authorise',
      as,
      payload: { session_key: session.session_key, card_identifier: card, item_hash: session.item_hash, terms: true },
    }),
  );
  expect(auth.transaction_status).toBe('authorised');
  return { uuid: auth.transaction_uuid, itemHash: session.item_hash };
}

/** What a crash leaves: the transaction marked capturing (and, if `taken`, the money captured), then nothing. */
async function crashedWhileCapturing(taken: boolean): Promise<{ uuid: string; itemHash: string }> {
  const { uuid, itemHash } = await authorised();
  await t.database.db
    .update(paymentTransactions)
    .set({ status: 'capturing', captureAttempt: 1, captureStartedAt: clock.now() })
    .where(eq(paymentTransactions.uuid, uuid));
  if (taken) expect(await sandbox().capture(moneyOf(await transaction(uuid)))).toEqual({ status: 'captured', amount: 650 });
  return { uuid, itemHash };
}

describe('the sandbox provider keeps books like a real one', () => {
  it('captures once, refunds a refund id once and never more than was captured, and cannot capture a released authorisation', async () => {
    const { uuid } = await authorised();
    const money = moneyOf(await transaction(uuid));
    expect(await sandbox().lookup(money)).toEqual({ status: 'authorised', captured: 0, refunded: 0 });
    expect(await sandbox().capture(money)).toEqual({ status: 'captured', amount: 650 });
    expect(await sandbox().capture(money)).toEqual({ status: 'captured', amount: 650 });
    const refund = { ...money, refundId: 'rf_test_once', amount: 400, recordedRefunds: [] };
    expect(await sandbox().refund(refund)).toEqual({ status: 'refunded', reference: 'rf_test_once' });
    expect(await sandbox().refund(refund)).toEqual({ status: 'refunded', reference: 'rf_test_once' });
    expect(await sandbox().refund({ ...refund, refundId: 'rf_test_more' })).toMatchObject({ status: 'failed' });
    expect(await sandbox().lookup(money)).toEqual({ status: 'captured', captured: 650, refunded: 400 });

    const other = moneyOf(await transaction((await authorised()).uuid));
    await sandbox().release?.(other);
    expect(await sandbox().lookup(other)).toEqual({ status: 'released', captured: 0, refunded: 0 });
    expect(await sandbox().capture(other)).toMatchObject({ status: 'declined' });
  });
});

describe('reconciliation of captures left unfinished', () => {
  it('leaves a capture alone during the grace period, then writes the order for money that was taken', async () => {
    const { uuid, itemHash } = await crashedWhileCapturing(true);
    clock.advance(60_000);
    await runJobs();
    expect((await transaction(uuid)).status).toBe('capturing');
    clock.advance(61_000);
    await runJobs();
    const done = await transaction(uuid);
    expect(done).toMatchObject({ status: 'completed', capturedAmount: 650, refundedAmount: 0 });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, done.orderId!));
    expect(order?.total).toBe(650);
    const actions = await t.database.db.select().from(paymentReconciliations).where(eq(paymentReconciliations.transactionUuid, uuid));
    expect(actions.map((a) => [a.providerStatus, a.capturedAmount, a.action, a.orderId])).toEqual([
      ['captured', 650, 'completed', order!.id],
    ]);
    // The customer who comes back is told about that order.
    const again = await t.request({
      method: 'POST',
      url: '/api/checkout/complete',
      as,
      payload: { transaction_uuid: uuid, item_hash: itemHash, terms: true },
    });
    expect(dataOf(again).complete_order_id).toBe(order!.id);
    // Running the jobs again changes nothing.
    clock.advance(120_000);
    await runJobs();
    expect(await t.database.db.select().from(paymentReconciliations).where(eq(paymentReconciliations.transactionUuid, uuid))).toHaveLength(
      1,
    );
  });

  it('releases an authorisation that was never captured, and the payment fails with nothing taken', async () => {
    const { uuid, itemHash } = await crashedWhileCapturing(false);
    clock.advance(121_000);
    await runJobs();
    const done = await transaction(uuid);
    expect(done).toMatchObject({ status: 'failed', capturedAmount: 0, orderId: null });
    const [token] = await t.database.db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.transactionUuid, uuid));
    expect(token?.releasedAt).not.toBeNull();
    expect(await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.transactionUuid, uuid))).toEqual([]);
    const actions = await t.database.db.select().from(paymentReconciliations).where(eq(paymentReconciliations.transactionUuid, uuid));
    expect(actions.map((a) => [a.providerStatus, a.action])).toEqual([['authorised', 'released']]);
    const again = await t.request({
      method: 'POST',
      url: '/api/checkout/complete',
      as,
      payload: { transaction_uuid: uuid, item_hash: itemHash, terms: true },
    });
    expect(again.statusCode).toBe(502);
    expect(again.json().message).toBe('Failed to complete payment');
  });

  it('refunds money taken for a basket that changed meanwhile, retrying with backoff while the provider does not answer', async () => {
    const { uuid } = await crashedWhileCapturing(true);
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as });
    const real = sandbox();
    let down = true;
    const flaky: PaymentProvider = {
      ...real,
      refund: (input) => (down ? Promise.reject(new ProviderUnavailable('no answer')) : real.refund(input)),
    };
    const forClient = t.app.deps.providers.forClient;
    t.app.deps.providers.forClient = async () => flaky;
    try {
      clock.advance(121_000);
      await runJobs();
      const failed = await transaction(uuid);
      expect(failed).toMatchObject({ status: 'failed', errorCode: 'basket_changed', capturedAmount: 650, refundedAmount: 0 });
      const [refund] = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionUuid, uuid));
      expect(refund).toMatchObject({ amount: 650, reason: 'basket_changed', status: 'pending' });
      // The durable refund job steps in after 30 s, fails while the provider is down, and backs off.
      clock.advance(30_000);
      await runJobs();
      const job = (await jobsNamed(t.database.db, REFUND_JOB)).find((j) => j.uniqueKey === refund!.id);
      expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'no answer' });
      down = false;
      clock.advance(10_000);
      await runJobs();
      expect(await transaction(uuid)).toMatchObject({ status: 'failed', capturedAmount: 650, refundedAmount: 650 });
      const [charge] = await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.transactionUuid, uuid));
      expect(charge).toMatchObject({ amount: 650, refunded: 650 });
      const actions = await t.database.db.select().from(paymentReconciliations).where(eq(paymentReconciliations.transactionUuid, uuid));
      expect(actions.map((a) => [a.action, a.refundId])).toEqual([['refunded', refund!.id]]);
    } finally {
      t.app.deps.providers.forClient = forClient;
    }
  });
});
