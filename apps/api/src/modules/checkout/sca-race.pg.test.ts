import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { clients, paymentTransactions } from '../../db/schema';
import { addSession, call, cartIdOf, freshSession, type Json, newCustomers, northfieldShop, type Shop } from '../../test/checkout-flow';
import { type ApiProcess, type TwoApis, twoApisOnPostgres } from '../../test/processes';
import { type StripeFake, startStripeFake } from '../../test/stripe-fake';

const TRIALS = 20;
/** How long Stripe takes to answer the first tab's question, per trial: from at once to well after the order exists. */
const SLOW_ANSWER_MS = [0, 15, 40, 80, 150, 300, 600, 1000];

let cluster: TwoApis;
let shop: Shop;
let fake: StripeFake;

const waitFor = async (what: string, probe: () => boolean): Promise<void> => {
  const deadline = Date.now() + 60_000;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

/**
 * Two 3-D Secure completions of one payment at once (a double submit, the Back button, two tabs), with completion
 * running meanwhile, across two API processes. The first tab asks Stripe before (even trials) or after (odd trials)
 * the customer passed the challenge, and Stripe's answer to it comes back slowly: by then the other tab may have
 * authorised the payment and the customer completed it, money taken. Every transaction status change is conditional
 * on the status it expects, so that late answer changes nothing and is answered as the winner was: for every trial,
 * what Stripe kept (captured minus refunded) equals the order's card total, a transaction that is not completed keeps
 * nothing, every tab is told the same, and nothing answers 5xx.
 */
describe('3-D Secure completed twice while the payment completes', () => {
  beforeAll(async () => {
    fake = await startStripeFake();
    cluster = await twoApisOnPostgres(
      async (db) => {
        shop = await northfieldShop(db);
        await db.update(clients).set({ paymentProvider: 'stripe' }).where(eq(clients.identifier, 'northfield'));
      },
      4,
      { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake', STRIPE_API_URL: fake.url },
    );
  }, 120_000);

  afterAll(async () => {
    fake?.delayAnswers(null);
    await cluster?.close();
    await fake?.close();
  });

  const apiFor = (i: number) => cluster.apis[i % 2] as ApiProcess;

  it(`keeps the money with the order it paid for, ${TRIALS} trials`, async () => {
    const { db } = cluster.database;
    const customers = await newCustomers(db, shop, TRIALS, 'sca');
    for (const [trial, customer] of customers.entries()) {
      const occurrenceId = await freshSession(db, shop, 5);
      expect((await addSession(apiFor(trial), customer.cookie, occurrenceId)).status).toBe(200);
      const session = (await call(apiFor(trial), customer.cookie, 'GET', '/api/checkout/prepare')).json.data;
      const auth = await call(apiFor(trial), customer.cookie, 'POST', '/api/checkout/authorise', {
        session_key: session.session_key,
        payment_method_id: 'pm_card_threeDSecure2Required',
        item_hash: session.item_hash,
        terms: true,
      });
      expect(auth.json.data.transaction_status).toBe('sca_required');
      const uuid = auth.json.data.transaction_uuid as string;
      // The PaymentIntent behind the transaction (sca_url is now our own checkout address: Stripe.js runs the challenge).
      const [row] = await db
        .select({ pi: paymentTransactions.providerReference })
        .from(paymentTransactions)
        .where(eq(paymentTransactions.uuid, uuid));
      const pi = row?.pi as string;
      const scaCompletion = (api: ApiProcess) =>
        call(api, customer.cookie, 'POST', `/api/payment-providers/sca-completion/${uuid}`, { sca_result: 'passed' });
      const complete = (api: ApiProcess) =>
        call(api, customer.cookie, 'POST', '/api/checkout/complete', { transaction_uuid: uuid, item_hash: session.item_hash, terms: true });

      // The first tab's question reaches Stripe; its answer (what Stripe's record said then) travels slowly.
      let asked = false;
      fake.delayAnswers((method, path) => {
        if (method !== 'GET' || path !== `/v1/payment_intents/${pi}` || asked) return 0;
        asked = true;
        return SLOW_ANSWER_MS[trial % SLOW_ANSWER_MS.length] as number;
      });
      const early = trial % 2 === 0;
      if (!early) fake.passChallenge(pi);
      const first = scaCompletion(apiFor(trial));
      await waitFor('the first tab to ask Stripe', () => asked);
      if (early) fake.passChallenge(pi);
      // The other tabs: back from the challenge, then pay (twice: a double submit), on either process.
      const tabs = [1, 2].map(async (tab) => {
        const sca = await scaCompletion(apiFor(trial + tab));
        const paid =
          sca.json?.data?.status === 'authorised'
            ? await Promise.all([complete(apiFor(trial + tab)), complete(apiFor(trial + tab + 1))])
            : [];
        return { sca, paid };
      });
      const [firstAnswer, ...others] = await Promise.all([first, ...tabs]);
      fake.delayAnswers(null);

      const scaAnswers = [firstAnswer as { status: number; json: Json }, ...others.map((o) => o.sca)];
      const all = [...scaAnswers, ...others.flatMap((o) => o.paid)];
      expect(
        all.filter((r) => r.status >= 500),
        `trial ${trial}`,
      ).toEqual([]);

      const [t] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, uuid));
      const captured = fake.captures.get(pi) ? 650 : 0;
      const kept = captured - (fake.refunded.get(pi) ?? 0);
      const cartId = await cartIdOf(db, uuid);
      const [order] = await queryRows<{ card: number }>(
        db,
        sql`SELECT coalesce(sum(p.amount), 0)::int AS card FROM payment_lines p JOIN orders o ON o.id = p.order_id
            WHERE o.cart_id = ${cartId} AND p.tender_type = 'card'`,
      );
      expect(kept, `trial ${trial}: money kept against the order's card total (transaction ${t?.status})`).toBe(order?.card);
      if (kept > 0) expect(t?.status, `trial ${trial}: the transaction that keeps money`).toBe('completed');
      // Every tab is told what the transaction became: authorised (and then paid), or failed.
      const told = new Set(scaAnswers.map((r) => r.json?.data?.status));
      expect([...told], `trial ${trial}`).toEqual([t?.status === 'failed' ? 'failed' : 'authorised']);
    }
  }, 600_000);
});
