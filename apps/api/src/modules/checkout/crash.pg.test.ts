import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, orders, paymentLines, paymentReconciliations, paymentTransactions } from '../../db/schema';
import { addSession, call, freshSession, newCustomers, northfieldShop, type Shop } from '../../test/checkout-flow';
import { type ApiProcess, type TwoApis, twoApisOnPostgres } from '../../test/processes';
import { type StripeFake, startStripeFake } from '../../test/stripe-fake';

let cluster: TwoApis;
let shop: Shop;
let fake: StripeFake;

const waitFor = async <T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * Issue 9, fault 3: the API process dies after Stripe captured the money and before the order was written. A new
 * process's reconciliation job (fast schedule and grace period here) asks Stripe what happened and finishes the
 * payment: the order, with a card total equal to what was captured, or a full refund, and a recorded action.
 */
describe('a process killed while Stripe captures', () => {
  beforeAll(async () => {
    fake = await startStripeFake();
    cluster = await twoApisOnPostgres(
      async (db) => {
        shop = await northfieldShop(db);
        await db.update(clients).set({ paymentProvider: 'stripe' }).where(eq(clients.identifier, 'northfield'));
      },
      4,
      {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
        STRIPE_API_URL: fake.url,
        RECONCILE_SECONDS: '1',
        CAPTURE_GRACE_SECONDS: '4',
        JOBS_POLL_SECONDS: '0.25',
      },
    );
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
    await fake?.close();
  });

  /** Basket, prepare, authorise with Stripe through `api`; then a complete that Stripe captures and never answers. */
  async function payAndCrash(
    api: ApiProcess,
    cookie: string,
    meanwhile: () => Promise<void> = async () => {},
  ): Promise<{ uuid: string; pi: string; itemHash: string }> {
    const occurrenceId = await freshSession(cluster.database.db, shop, 3);
    expect((await addSession(api, cookie, occurrenceId)).status).toBe(200);
    const session = (await call(api, cookie, 'GET', '/api/checkout/prepare')).json.data;
    const auth = await call(api, cookie, 'POST', '/api/checkout/authorise', {
      session_key: session.session_key,
      payment_method_id: 'pm_card_visa',
      item_hash: session.item_hash,
      terms: true,
    });
    expect(auth.json.data.transaction_status).toBe('authorised');
    const uuid = auth.json.data.transaction_uuid as string;
    const [t] = await cluster.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, uuid));
    const pi = t!.providerReference as string;

    fake.hangCaptures(true);
    const completing = call(api, cookie, 'POST', '/api/checkout/complete', {
      transaction_uuid: uuid,
      item_hash: session.item_hash,
      terms: true,
    });
    completing.catch(() => {});
    await waitFor('the capture', async () => (fake.captures.get(pi) === 1 ? true : undefined));
    await meanwhile();
    await api.kill();
    await expect(completing).rejects.toThrow();
    fake.hangCaptures(false);
    const [left] = await cluster.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, uuid));
    // Money taken, no order: what the crash leaves behind.
    expect(left?.status).not.toBe('completed');
    expect(await cluster.database.db.select().from(orders).where(eq(orders.cartId, left!.cartId))).toEqual([]);
    return { uuid, pi, itemHash: session.item_hash };
  }

  const settled = (uuid: string) =>
    waitFor(
      'reconciliation',
      async () => {
        const [t] = await cluster.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, uuid));
        return t && ['completed', 'failed', 'voided'].includes(t.status) ? t : undefined;
      },
      30_000,
    );

  it('writes the order for the money Stripe took, and records that it did', async () => {
    const [customer] = await newCustomers(cluster.database.db, shop, 1, 'crash');
    const { uuid, pi, itemHash } = await payAndCrash(cluster.apis[0], customer!.cookie);
    const fresh = await cluster.start();

    const t = await settled(uuid);
    expect(t.status).toBe('completed');
    const [order] = await cluster.database.db.select().from(orders).where(eq(orders.cartId, t.cartId));
    const card = await cluster.database.db
      .select()
      .from(paymentLines)
      .where(and(eq(paymentLines.orderId, order!.id), eq(paymentLines.tenderType, 'card')));
    expect(card.map((l) => l.amount)).toEqual([650]);
    expect({ captures: fake.captures.get(pi), refunded: fake.refunded.get(pi) ?? 0, recorded: t.capturedAmount }).toEqual({
      captures: 1,
      refunded: 0,
      recorded: 650,
    });
    const actions = await cluster.database.db.select().from(paymentReconciliations).where(eq(paymentReconciliations.transactionUuid, uuid));
    expect(actions.map((a) => [a.providerStatus, a.capturedAmount, a.action, a.orderId])).toEqual([
      ['captured', 650, 'completed', order!.id],
    ]);
    // The customer's retry, on the new process, is told about the order.
    const again = await call(fresh, customer!.cookie, 'POST', '/api/checkout/complete', {
      transaction_uuid: uuid,
      item_hash: itemHash,
      terms: true,
    });
    expect(again.json.data.complete_order_id).toBe(order!.id);
  }, 120_000);

  it('gives all the money back when the basket changed before the payment could be finished', async () => {
    const [customer] = await newCustomers(cluster.database.db, shop, 1, 'crashb');
    const survivor = await cluster.start();
    // While the payment hangs, the customer gives up and empties the basket in another tab (another process).
    const { uuid, pi } = await payAndCrash(cluster.apis[1], customer!.cookie, async () => {
      expect((await call(survivor, customer!.cookie, 'DELETE', '/api/checkout/cart')).status).toBe(200);
    });
    await cluster.start();

    const t = await settled(uuid);
    expect(t.status).toBe('failed');
    expect(await cluster.database.db.select().from(orders).where(eq(orders.cartId, t.cartId))).toEqual([]);
    const refunded = await waitFor('the refund', async () => {
      const [row] = await cluster.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, uuid));
      return row && row.refundedAmount === 650 ? row : undefined;
    });
    expect({ captured: refunded.capturedAmount, refunded: refunded.refundedAmount }).toEqual({ captured: 650, refunded: 650 });
    expect({ captures: fake.captures.get(pi), refunded: fake.refunded.get(pi) }).toEqual({ captures: 1, refunded: 650 });
    const actions = await cluster.database.db.select().from(paymentReconciliations).where(eq(paymentReconciliations.transactionUuid, uuid));
    expect(actions.map((a) => [a.providerStatus, a.action, a.refundId !== null])).toEqual([['captured', 'refunded', true]]);
    // Two API processes start in this test: each can take most of a minute on a loaded machine.
  }, 300_000);
});
