import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { paymentRefunds } from '../../db/schema';
import { appJobs, periodicJobs } from '../../jobs/handlers';
import { runDueJobs } from '../../jobs/runner';
import { inTransaction } from '../../lib/transaction';
import { executeRefund, oweRefund } from '../../modules/checkout/refunds';
import { dataOf, type TestApp } from '../../test/harness';
import { type RyftFake, startRyftFake } from '../../test/ryft-fake';
import { ryftSettings } from '../settings';
import { adapterSuite, type Json, testCardNumbers } from './adapter-suite';
import { ryftEventOf, ryftProvider } from './ryft';

let fake: RyftFake;

const authorise = async (t: TestApp, as: string, session: Json, card: keyof typeof testCardNumbers) => {
  // The embedded SDK's part, in the browser: the card goes to Ryft with the session's client secret, never to us.
  await fake.attempt(session.client_secret, testCardNumbers[card]);
  return dataOf(
    await t.request({
      method: 'POST',
      url: '/api/checkout/authorise',
      as,
      payload: { session_key: session.session_key, card_identifier: session.session_key, item_hash: session.item_hash, terms: true },
    }),
  );
};

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
