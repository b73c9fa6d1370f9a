import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentCustomers, paymentRefunds, savedCards } from '../../db/schema';
import { appJobs, periodicJobs } from '../../jobs/handlers';
import { runDueJobs } from '../../jobs/runner';
import { inTransaction } from '../../lib/transaction';
import { executeRefund, oweRefund } from '../../modules/checkout/refunds';
import { demo, openSpin } from '../../test/fixtures';
import { dataOf, type TestApp } from '../../test/harness';
import { type RyftFake, startRyftFake } from '../../test/ryft-fake';
import { ryftSettings } from '../settings';
import { adapterSuite, type Json, testCardNumbers } from './adapter-suite';
import { ryftEventOf, ryftProvider } from './ryft';

let fake: RyftFake;

const authorise = async (
  t: TestApp,
  as: string,
  session: Json,
  card: keyof typeof testCardNumbers,
  extra: Record<string, unknown> = {},
) => {
  // The embedded SDK's part, in the browser: the card goes to Ryft with the session's client secret, never to us.
  await fake.attempt(session.client_secret, testCardNumbers[card]);
  return dataOf(
    await t.request({
      method: 'POST',
      url: '/api/checkout/authorise',
      as,
      payload: {
        session_key: session.session_key,
        card_identifier: session.session_key,
        item_hash: session.item_hash,
        terms: true,
        ...extra,
      },
    }),
  );
};

/** A basket with one spin class for this customer, and the checkout prepared for it. */
async function readyFor(t: TestApp, as: string): Promise<Json> {
  await t.request({ method: 'DELETE', url: '/api/checkout/cart', as });
  await t.request({
    method: 'POST',
    url: '/api/checkout/cart/add',
    as,
    payload: { items: [{ id: (await openSpin(t, as)).id, type: 'purchasableOccurrence' }] },
  });
  return dataOf(await t.request({ method: 'GET', url: '/api/checkout/prepare', as }));
}

const payWithSaved = (t: TestApp, as: string, session: Json, savedCardId: number) =>
  t.request({
    method: 'POST',
    url: '/api/checkout/authorise',
    as,
    payload: { session_key: session.session_key, saved_card_id: savedCardId, item_hash: session.item_hash, terms: true },
  });

const webhook = (t: TestApp, payload: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/payment-providers/ryft/webhook/northfield',
    headers: { 'content-type': 'application/json', signature },
    payload,
  });

adapterSuite(
  {
    name: 'ryft',
    async start() {
      fake = await startRyftFake();
      return {
        provider: 'ryft',
        secretKey: fake.secretKey,
        publicKey: fake.publicKey,
        webhookSecret: fake.webhookSecret,
        apiUrl: fake.apiUrl,
        scriptUrl: `${fake.url}/sdk/ryft.js`,
      };
    },
    stop: () => fake.close(),
    authorise,
    async cardFields(session, card) {
      await fake.attempt(session.client_secret, testCardNumbers[card]);
      return { card_identifier: session.session_key };
    },
    async challenge(t, as, auth, reference, passed) {
      // Authorised while Ryft still waits on the required action: the customer goes to the challenge and comes back.
      expect(auth).toMatchObject({ sca_method: 'GET', sca_url: `${fake.url}/three-ds/${reference}` });
      fake.completeAction(reference, passed);
      return dataOf(
        await t.request({ method: 'POST', url: `/api/payment-providers/sca-completion/${auth.transaction_uuid}`, as, payload: {} }),
      );
    },
    taken: (reference) => fake.captures.get(reference) ?? 0,
    takenAmount: (reference) => fake.capturedAmounts.get(reference) ?? 0,
    refunded: (reference) => fake.refunded.get(reference) ?? 0,
    hangCaptures: (on) => fake.hangCaptures(on),
    failSessions: (on) => fake.failSessions(on),
    sessionFailed: 'Failed to create payment session',
    secrets: () => [fake.secretKey, fake.webhookSecret],
  },
  (ctx) => {
    it("gives the browser the session's client secret and Ryft's public key, and the session id is the session key", async () => {
      const session = await ctx().ready();
      expect(session).toMatchObject({
        session_key: expect.stringMatching(/^ps_/),
        client_secret: expect.stringMatching(/_secret_/),
        public_key: fake.publicKey,
        url: `${fake.url}/sdk/ryft.js`,
      });
    });

    describe('saved cards (decision 221)', () => {
      let cardId: number;
      let customer: string;
      let method: string;

      it("names the customer's own Ryft customer on the session, and keeps no card the customer did not ask to keep", async () => {
        const { t, as } = ctx();
        const session = await readyFor(t, as);
        const [kept] = await t.database.db.select().from(paymentCustomers);
        customer = kept?.reference as string;
        expect(customer).toMatch(/^cus_/);
        const before = fake.storedFor(customer);
        const auth = await authorise(t, as, session, 'approve');
        expect(auth.transaction_status).toBe('authorised');
        // The SDK stored it on the customer by default; not asked to keep it, it was deleted at Ryft again.
        expect(fake.storedFor(customer)).toEqual(before);
        // The same after a 3-D Secure challenge (decision 223).
        const challenged = await authorise(t, as, await readyFor(t, as), 'challenge');
        expect(challenged.transaction_status).toBe('sca_required');
        fake.completeAction((await ctx().row(challenged.transaction_uuid)).providerReference as string, true);
        const sca = await t.request({
          method: 'POST',
          url: `/api/payment-providers/sca-completion/${challenged.transaction_uuid}`,
          as,
          payload: {},
        });
        expect(dataOf(sca).status).toBe('authorised');
        expect(fake.storedFor(customer)).toEqual(before);
        expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/saved-cards', as }))).toEqual([]);
      });

      it('keeps a card the customer asked to keep: its stored payment method, with brand, last four and expiry only here', async () => {
        const { t, as, row } = ctx();
        const session = await readyFor(t, as);
        const auth = await authorise(t, as, session, 'approve', { save_card: true });
        expect(auth.transaction_status).toBe('authorised');
        expect((await ctx().complete(auth.transaction_uuid, session.item_hash)).statusCode).toBe(200);
        const reference = (await row(auth.transaction_uuid)).providerReference as string;
        expect(fake.captures.get(reference)).toBe(1);
        const list = await t.request({ method: 'GET', url: '/api/checkout/saved-cards', as });
        expect(dataOf(list)).toEqual([{ id: expect.any(Number), brand: 'Visa', last4: '4242', expiry: '12/30' }]);
        expect(list.body).not.toMatch(/pmt_|cus_/);
        cardId = dataOf(list)[0].id;
        const [saved] = await t.database.db.select().from(savedCards).where(eq(savedCards.id, cardId));
        method = saved?.reference as string;
        expect(fake.storedFor(customer)).toEqual([method]);
      });

      it('offers it at the next prepare and pays with it through attempt-payment, the money taken once at completion', async () => {
        const { t, as, row } = ctx();
        const session = await readyFor(t, as);
        expect(session.saved_card).toEqual({ id: cardId, brand: 'Visa', last4: '4242', expiry: '12/30' });
        const auth = dataOf(await payWithSaved(t, as, session, cardId));
        expect(auth.transaction_status).toBe('authorised');
        expect(fake.calls.filter((c) => c.path.endsWith('/attempt-payment')).length).toBeGreaterThan(0);
        expect((await ctx().complete(auth.transaction_uuid, session.item_hash)).statusCode).toBe(200);
        const done = await row(auth.transaction_uuid);
        const reference = done.providerReference as string;
        expect(fake.captures.get(reference)).toBe(1);
        expect(done.capturedAmount - done.refundedAmount).toBe(650);
        expect((fake.capturedAmounts.get(reference) ?? 0) - (fake.refunded.get(reference) ?? 0)).toBe(650);
        // Still stored: a payment with a saved card is not a card to let go of.
        expect(fake.storedFor(customer)).toEqual([method]);
      });

      it("shows, uses and removes it for its owner only: not another customer, another client's session, or a stranger", async () => {
        const { t } = ctx();
        const other = await t.sessionFor('member1@example.invalid');
        expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/saved-cards', as: other }))).toEqual([]);
        const session = await readyFor(t, other);
        expect(session.saved_card).toBeNull();
        expect((await payWithSaved(t, other, session, cardId)).statusCode).toBe(404);
        expect((await t.request({ method: 'DELETE', url: `/api/checkout/saved-cards/${cardId}`, as: other })).statusCode).toBe(404);
        // The other customer's session names their own Ryft customer: Ryft refuses the first's card on it too.
        const attempt = await fetch(`${fake.apiUrl}/payment-sessions/attempt-payment`, {
          method: 'POST',
          headers: { authorization: fake.publicKey, 'content-type': 'application/json' },
          body: JSON.stringify({ clientSecret: session.client_secret, paymentMethod: { id: method } }),
        });
        expect(attempt.status).toBe(400);
        const riverside = { 'client-domain-identifier': 'riverside' };
        const elsewhere = await t.sessionFor(demo.email, 'riverside');
        expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/saved-cards', as: elsewhere, headers: riverside }))).toEqual([]);
        const removed = await t.request({
          method: 'DELETE',
          url: `/api/checkout/saved-cards/${cardId}`,
          as: elsewhere,
          headers: riverside,
        });
        expect(removed.statusCode).toBe(404);
        expect((await t.request({ method: 'DELETE', url: `/api/checkout/saved-cards/${cardId}` })).statusCode).toBe(401);
        expect(fake.storedFor(customer)).toEqual([method]);
      });

      it('removes it: deleted at Ryft, gone from the list and the checkout, and not payable', async () => {
        const { t, as } = ctx();
        expect((await t.request({ method: 'DELETE', url: `/api/checkout/saved-cards/${cardId}`, as })).statusCode).toBe(204);
        expect(fake.storedFor(customer)).toEqual([]);
        expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/saved-cards', as }))).toEqual([]);
        const session = await readyFor(t, as);
        expect(session.saved_card).toBeNull();
        expect((await payWithSaved(t, as, session, cardId)).statusCode).toBe(404);
      });

      it('keeps a card asked to be kept after its 3-D Secure challenge, whose next payment is challenged again and taken once', async () => {
        const { t, as, row } = ctx();
        const session = await readyFor(t, as);
        const auth = await authorise(t, as, session, 'challenge', { save_card: true });
        expect(auth.transaction_status).toBe('sca_required');
        const reference = (await row(auth.transaction_uuid)).providerReference as string;
        fake.completeAction(reference, true);
        const sca = await t.request({
          method: 'POST',
          url: `/api/payment-providers/sca-completion/${auth.transaction_uuid}`,
          as,
          payload: {},
        });
        expect(dataOf(sca).status).toBe('authorised');
        expect((await ctx().complete(auth.transaction_uuid, session.item_hash)).statusCode).toBe(200);
        const cards = dataOf(await t.request({ method: 'GET', url: '/api/checkout/saved-cards', as }));
        expect(cards).toEqual([{ id: expect.any(Number), brand: 'Visa', last4: '3220', expiry: '12/30' }]);
        // Paying with it: Ryft asks for 3-D Secure again, and the usual return decides it.
        const next = await readyFor(t, as);
        const again = dataOf(await payWithSaved(t, as, next, cards[0].id));
        expect(again.transaction_status).toBe('sca_required');
        const nextReference = (await row(again.transaction_uuid)).providerReference as string;
        fake.completeAction(nextReference, true);
        const passed = await t.request({
          method: 'POST',
          url: `/api/payment-providers/sca-completion/${again.transaction_uuid}`,
          as,
          payload: {},
        });
        expect(dataOf(passed).status).toBe('authorised');
        expect((await ctx().complete(again.transaction_uuid, next.item_hash)).statusCode).toBe(200);
        const done = await row(again.transaction_uuid);
        expect(fake.captures.get(nextReference)).toBe(1);
        expect(done.capturedAmount - done.refundedAmount).toBe(650);
        expect((fake.capturedAmounts.get(nextReference) ?? 0) - (fake.refunded.get(nextReference) ?? 0)).toBe(650);
        // Still kept: a payment with a kept card lets go of nothing.
        expect(fake.storedFor(customer)).toHaveLength(1);
      });

      it('the fake refuses fields Ryft does not document, and a customer without an email', async () => {
        const post = (path: string, body: unknown) =>
          fetch(`${fake.apiUrl}${path}`, {
            method: 'POST',
            headers: { authorization: fake.secretKey, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
        expect((await post('/customers', { firstName: 'No email' })).status).toBe(400);
        expect((await post('/customers', { email: 'a@example.invalid', saveCards: true })).status).toBe(400);
        expect((await post('/payment-sessions', { amount: 100, currency: 'GBP', customerId: customer })).status).toBe(400);
        expect((await post('/payment-sessions', { amount: 100, currency: 'GBP', customerDetails: { id: 'cus_nobody' } })).status).toBe(400);
      });
    });

    it("answers '3D Secure verification failed' when the SDK's challenge failed before authorise", async () => {
      const { t, as, ready } = ctx();
      const session = await ready();
      const attempt = await fake.attempt(session.client_secret, testCardNumbers.challenge);
      expect(attempt.status).toBe('PendingAction');
      fake.completeAction(session.session_key, false);
      const auth = dataOf(
        await t.request({
          method: 'POST',
          url: '/api/checkout/authorise',
          as,
          payload: { session_key: session.session_key, card_identifier: session.session_key, item_hash: session.item_hash, terms: true },
        }),
      );
      expect(auth).toMatchObject({ transaction_status: 'failed', error: { message: '3D Secure verification failed' } });
    });

    it("takes the customer through Ryft's full-page 3-D Secure and back to the checkout with the session named", async () => {
      const { t, as, ready } = ctx();
      const session = await ready();
      const auth = await authorise(t, as, session, 'challenge');
      expect(auth).toMatchObject({ transaction_status: 'sca_required', sca_method: 'GET' });
      // The browser goes to the required action's page; the issuer's answer sends it to the session's return address.
      const page = await fetch(auth.sca_url);
      expect(await page.text()).toContain('Complete authentication');
      const back = await fetch(auth.sca_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'result=passed',
        redirect: 'manual',
      });
      expect(back.status).toBe(303);
      const location = new URL(String(back.headers.get('location')));
      expect(location.pathname).toBe('/basket/checkout');
      expect(location.searchParams.get('ps')).toBe(session.session_key);
      // Back at the checkout, which asks sca-completion: Ryft's record decides.
      const sca = dataOf(
        await t.request({ method: 'POST', url: `/api/payment-providers/sca-completion/${auth.transaction_uuid}`, as, payload: {} }),
      );
      expect(sca.status).toBe('authorised');
    });

    it('gives money back once when a refund answer is lost and the refund is tried again (Ryft has no idempotency key)', async () => {
      const { t, as, ready, complete, row } = ctx();
      const session = await ready();
      const auth = await authorise(t, as, session, 'approve');
      expect((await complete(auth.transaction_uuid, session.item_hash)).statusCode).toBe(200);
      const paid = await row(auth.transaction_uuid);
      const owe = (amount: number) => inTransaction(t.app.deps.db, (tx) => oweRefund(tx, paid, amount, 'test', new Date()));
      // A first refund of 200, recorded; then a second of 200 whose answer is lost, tried again.
      await executeRefund(t.app.deps, await owe(200));
      const lost = await owe(200);
      fake.hangRefunds(true);
      try {
        await expect(executeRefund(t.app.deps, lost)).rejects.toThrow();
      } finally {
        fake.hangRefunds(false);
      }
      await executeRefund(t.app.deps, lost);
      expect(fake.refunded.get(session.session_key)).toBe(400);
      expect((await row(auth.transaction_uuid)).refundedAmount).toBe(400);
      const [again] = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, lost));
      expect(again).toMatchObject({ status: 'succeeded', providerReference: expect.stringMatching(/^txn_/) });
      // A third, new refund is a new one at Ryft.
      await executeRefund(t.app.deps, await owe(250));
      expect(fake.refunded.get(session.session_key)).toBe(650);
    });

    it('keeps a session still Processing waiting at sca-completion, and a later approved webhook authorises it', async () => {
      const { t, as, ready, row } = ctx();
      const session = await ready();
      const auth = await authorise(t, as, session, 'challenge');
      expect(auth.transaction_status).toBe('sca_required');
      fake.setStatus(session.session_key, 'Processing');
      const early = await t.request({
        method: 'POST',
        url: `/api/payment-providers/sca-completion/${auth.transaction_uuid}`,
        as,
        payload: {},
      });
      expect(early.statusCode).toBe(502);
      expect(early.json().message).toBe('Failed to complete 3D Secure verification');
      expect((await row(auth.transaction_uuid)).status).toBe('sca_required');
      fake.completeAction(session.session_key, true);
      fake.setStatus(session.session_key, 'PendingAction');
      fake.completeAction(session.session_key, true);
      const { payload, signature } = fake.webhook('PaymentSession.approved', session.session_key);
      expect((await webhook(t, payload, signature)).statusCode).toBe(200);
      expect((await row(auth.transaction_uuid)).status).toBe('authorised');
    });

    it("voids a session Ryft approved when authorise's answer was lost (the transaction failed with 'Failed to authorize payment')", async () => {
      const { t, as, ready, clock } = ctx();
      const session = await ready();
      await fake.attempt(session.client_secret, testCardNumbers.approve);
      fake.hangReads(true);
      let auth: Json;
      try {
        auth = dataOf(
          await t.request({
            method: 'POST',
            url: '/api/checkout/authorise',
            as,
            payload: { session_key: session.session_key, card_identifier: session.session_key, item_hash: session.item_hash, terms: true },
          }),
        );
      } finally {
        fake.hangReads(false);
      }
      expect(auth).toMatchObject({ transaction_status: 'failed', error: { message: 'Failed to authorize payment' } });
      expect(fake.statusOf(session.session_key)).toBe('Approved');
      clock.advance(61_000);
      await runDueJobs(t.app.deps, clock.now(), { definitions: appJobs, periodic: periodicJobs(t.app.deps.config) });
      expect(fake.statusOf(session.session_key)).toBe('Voided');
    });

    it("names a sub-account to the browser's SDK (accountId), without which Ryft does not find the session", async () => {
      const provider = ryftProvider(
        ryftSettings.parse({
          provider: 'ryft',
          secretKey: fake.secretKey,
          publicKey: fake.publicKey,
          webhookSecret: fake.webhookSecret,
          accountId: 'ac_riverside',
          apiUrl: fake.apiUrl,
        }),
      );
      const prepared = await provider.prepare({
        clientId: 1,
        sessionKey: 'ps_ours',
        amount: 650,
        currency: 'GBP',
        origin: 'http://localhost',
        customer: null,
      });
      expect(prepared).toMatchObject({ accountId: 'ac_riverside', publicKey: fake.publicKey });
      const secret = prepared.clientSecret as string;
      expect((await fake.attempt(secret, testCardNumbers.approve)).status).toBeUndefined();
      expect((await fake.attempt(secret, testCardNumbers.approve, 'ac_riverside')).status).toBe('Approved');
    });

    it('refuses a session other than the one this checkout prepared', async () => {
      const { t, as, ready } = ctx();
      const mine = await ready();
      const theirs = await ready();
      await fake.attempt(theirs.client_secret, testCardNumbers.approve);
      const auth = dataOf(
        await t.request({
          method: 'POST',
          url: '/api/checkout/authorise',
          as,
          payload: { session_key: theirs.session_key, card_identifier: mine.session_key, item_hash: theirs.item_hash, terms: true },
        }),
      );
      expect(auth.transaction_status).toBe('failed');
    });

    it('refuses a forged webhook, applies a signed one, and ignores a duplicate', async () => {
      const { t, as, ready, row } = ctx();
      const session = await ready();
      const auth = await authorise(t, as, session, 'challenge');
      expect(auth.transaction_status).toBe('sca_required');
      const reference = session.session_key;
      fake.completeAction(reference, true);
      const { payload, signature } = fake.webhook('PaymentSession.approved', reference);
      for (const forged of ['', 'deadbeef', signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))]) {
        const res = await webhook(t, payload, forged);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'The webhook signature could not be verified.', code: 'webhook_signature' });
      }
      expect((await webhook(t, payload.replace('Approved', 'Captured'), signature)).statusCode).toBe(400);
      expect((await row(auth.transaction_uuid)).status).toBe('sca_required');
      expect((await webhook(t, payload, signature)).statusCode).toBe(200);
      expect((await row(auth.transaction_uuid)).status).toBe('authorised');
      // The same event again, then a late decline: neither changes a transaction no longer waiting.
      expect((await webhook(t, payload, signature)).statusCode).toBe(200);
      const declined = fake.webhook('PaymentSession.declined', reference, { lastError: 'do_not_honour' });
      expect((await webhook(t, declined.payload, declined.signature)).statusCode).toBe(200);
      expect((await row(auth.transaction_uuid)).status).toBe('authorised');
    });
  },
);

it('reads a signed Ryft event of any shape without throwing, acting only on a session approved or declined', () => {
  for (const odd of [
    null,
    [],
    5,
    'text',
    {},
    { data: null },
    { data: [] },
    { data: { id: 5 } },
    { data: { id: '' } },
    { eventType: 'PaymentSession.approved' },
  ])
    expect(ryftEventOf(odd)).toBeNull();
  expect(ryftEventOf({ eventType: 'PaymentSession.approved', data: { id: 'ps_1' } })).toEqual({ reference: 'ps_1', status: 'authorised' });
  expect(ryftEventOf({ eventType: 'PaymentSession.declined', data: { id: 'ps_1', lastError: 7 } })).toEqual({
    reference: 'ps_1',
    status: 'failed',
    code: 'payment_declined',
  });
  expect(ryftEventOf({ eventType: 'PaymentSession.captured', data: { id: 'ps_1' } })).toBeNull();
});
