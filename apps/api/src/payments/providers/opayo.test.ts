import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { paymentRefunds, paymentTransactions } from '../../db/schema';
import { inTransaction } from '../../lib/transaction';
import { executeRefund, oweRefund } from '../../modules/checkout/refunds';
import { dataOf, type TestApp } from '../../test/harness';
import { type OpayoFake, startOpayoFake } from '../../test/opayo-fake';
import { startRyftFake } from '../../test/ryft-fake';
import { type ClientPaymentSettings, opayoSettings } from '../settings';
import { adapterSuite, type Json, testCardNumbers } from './adapter-suite';
import { opayoProvider } from './opayo';

let fake: OpayoFake;

const authorise = async (t: TestApp, as: string, session: Json, card: keyof typeof testCardNumbers) => {
  // The Drop-in's part, in the browser: the card goes to Opayo with the merchant session key, never to us.
  const cardIdentifier = await fake.cardIdentifier(session.session_key, testCardNumbers[card]);
  return dataOf(
    await t.request({
      method: 'POST',
      url: '/api/checkout/authorise',
      as,
      headers: { 'user-agent': 'vitest' },
      payload: { session_key: session.session_key, card_identifier: cardIdentifier, item_hash: session.item_hash, terms: true },
    }),
  );
};

/** The ACS posts cres and our threeDSSessionData to the notification URL, which sends the customer back. */
const notify = (t: TestApp, uuid: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/payment-providers/opayo/notification/northfield/${uuid}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

adapterSuite(
  {
    name: 'opayo',
    async start() {
      fake = await startOpayoFake();
      return {
        provider: 'opayo',
        vendorName: 'northfieldtest',
        integrationKey: fake.integrationKey,
        integrationPassword: fake.integrationPassword,
        apiUrl: fake.apiUrl,
        scriptUrl: `${fake.apiUrl}/js/sagepay-dropin.js`,
      };
    },
    stop: () => fake.close(),
    authorise,
    cardFields: async (session, card) => ({ card_identifier: await fake.cardIdentifier(session.session_key, testCardNumbers[card]) }),
    async challenge(t, as, auth, reference, passed) {
      expect(auth).toMatchObject({ sca_method: 'POST', sca_url: `${fake.url}/acs/${reference}` });
      const cres = fake.challenge(reference, passed);
      const back = await notify(t, auth.transaction_uuid, { cres, threeDSSessionData: auth.sca_data.threeDSSessionData });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe(`/basket/checkout?transaction_uuid=${auth.transaction_uuid}&sca_result=notified`);
      return dataOf(
        await t.request({ method: 'POST', url: `/api/payment-providers/sca-completion/${auth.transaction_uuid}`, as, payload: {} }),
      );
    },
    taken: (reference) => fake.releases.get(reference) ?? 0,
    takenAmount: (reference) => fake.released.get(reference) ?? 0,
    refunded: (reference) => fake.refunded.get(reference) ?? 0,
    hangCaptures: (on) => fake.hangReleases(on),
    failSessions: (on) => fake.failSessions(on),
    sessionFailed: 'Failed to create Opayo session',
    secrets: () => [fake.integrationKey, fake.integrationPassword],
  },
  (ctx) => {
    it('sends a Deferred transaction with 3-D Secure v2 and our notification URL, and uses the merchant session key as the session key', async () => {
      const { t, as, ready } = ctx();
      const session = await ready();
      expect(session.session_key).toMatch(/^[0-9A-F-]{36}$/);
      expect(session.url).toBe(`${fake.apiUrl}/js/sagepay-dropin.js`);
      const auth = await authorise(t, as, session, 'challenge');
      expect(auth.sca_data).toMatchObject({ creq: expect.any(String), threeDSSessionData: expect.any(String) });
    });

    it("loads Opayo's Drop-in (sagepay-dropin.js, which defines sagepayCheckout) by default, not its own-form library", async () => {
      const defaults = opayoSettings.parse({ provider: 'opayo', vendorName: 'v', integrationKey: 'k', integrationPassword: 'p' });
      expect(defaults.scriptUrl).toBe('https://sandbox.opayo.eu.elavon.com/api/v1/js/sagepay-dropin.js');
      expect(await (await fetch(`${fake.apiUrl}/js/sagepay-dropin.js`)).text()).toContain('window.sagepayCheckout');
      expect((await fetch(`${fake.apiUrl}/js/sagepay.js`)).ok).toBe(false);
    });

    it("answers 'Failed to authorize payment', not a decline, when Opayo refuses the request itself", async () => {
      const { t, as, ready } = ctx();
      const session = await ready();
      const cardIdentifier = await fake.cardIdentifier(session.session_key, testCardNumbers.approve);
      const wrongPassword = opayoProvider(
        opayoSettings.parse({
          provider: 'opayo',
          vendorName: 'northfieldtest',
          integrationKey: fake.integrationKey,
          integrationPassword: 'not-the-password',
          apiUrl: fake.apiUrl,
        }),
        'northfield',
      );
      const input = {
        transactionUuid: crypto.randomUUID(),
        sessionKey: session.session_key,
        cardIdentifier,
        savedReference: null,
        saveCard: false,
        customer: null,
        paymentMethodId: null,
        amount: 650,
        currency: 'GBP',
        returnUrl: '/basket/checkout',
        origin: 'http://localhost',
        billing: {},
        browser: { ip: '127.0.0.1', userAgent: 'vitest', accept: '*/*' },
      };
      // 401: the integration key and password are wrong.
      expect(await wrongPassword.authorise(input)).toMatchObject({
        status: 'declined',
        code: 'authorize_failed',
        message: 'Failed to authorize payment',
      });
      // 422 with Opayo's errors list: a card identifier that is not one.
      const auth = dataOf(
        await t.request({
          method: 'POST',
          url: '/api/checkout/authorise',
          as,
          payload: { session_key: session.session_key, card_identifier: 'NOT-A-CARD', item_hash: session.item_hash, terms: true },
        }),
      );
      expect(auth).toMatchObject({
        transaction_status: 'failed',
        error: { code: 'authorize_failed', message: 'Failed to authorize payment' },
      });
    });

    it('says how long its merchant session key lasts, and a key past its 400 seconds is refused by Opayo, not declined', async () => {
      const { t, as, ready } = ctx();
      const session = await ready();
      expect(session.expires_in).toBeGreaterThan(390);
      expect(session.expires_in).toBeLessThanOrEqual(400);
      const cardIdentifier = await fake.cardIdentifier(session.session_key, testCardNumbers.approve);
      fake.expireSessionKeys();
      // The Drop-in cannot tokenise with it any more, and a transaction with it is refused.
      await expect(fake.cardIdentifier(session.session_key, testCardNumbers.approve)).resolves.toBeUndefined();
      const late = dataOf(
        await t.request({
          method: 'POST',
          url: '/api/checkout/authorise',
          as,
          payload: { session_key: session.session_key, card_identifier: cardIdentifier, item_hash: session.item_hash, terms: true },
        }),
      );
      expect(late).toMatchObject({ transaction_status: 'failed', error: { message: 'Failed to authorize payment' } });
      // Preparing again (what the checkout does once expires_in has passed) gives a key that works.
      const again = await ready();
      expect(again.session_key).not.toBe(session.session_key);
      expect((await authorise(t, as, again, 'approve')).transaction_status).toBe('authorised');
    });

    it("never records a refund as given on 'VendorTxCode used before' alone: a refused refund whose answer was lost stays unpaid", async () => {
      const { t, as, ready, complete, row } = ctx();
      const session = await ready();
      const auth = await authorise(t, as, session, 'approve');
      expect((await complete(auth.transaction_uuid, session.item_hash)).statusCode).toBe(200);
      const paid = await row(auth.transaction_uuid);
      // More than was taken: Opayo refuses it (and keeps the vendorTxCode), and the answer is lost.
      const refundId = await inTransaction(t.app.deps.db, (tx) => oweRefund(tx, paid, 651, 'test', new Date()));
      fake.hangRefunds(true);
      try {
        await expect(executeRefund(t.app.deps, refundId)).rejects.toThrow();
      } finally {
        fake.hangRefunds(false);
      }
      // The retry hears only "used before".
      await executeRefund(t.app.deps, refundId);
      const [refund] = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
      expect(refund).toMatchObject({ status: 'failed', error: expect.stringContaining('check its outcome in MyOpayo') });
      expect((await row(auth.transaction_uuid)).refundedAmount).toBe(0);
      expect(fake.refunded.get(paid.providerReference as string) ?? 0).toBe(0);
    });

    it('settles a payment through Opayo after the client moved to Ryft, while its Opayo settings are kept as earlier', async () => {
      const { t, as, ready, complete, row } = ctx();
      const session = await ready();
      const auth = await authorise(t, as, session, 'approve');
      expect((await complete(auth.transaction_uuid, session.item_hash)).statusCode).toBe(200);
      const paid = await row(auth.transaction_uuid);
      const settings = t.app.deps.config.paymentSettings;
      const opayo = settings.northfield as ClientPaymentSettings;
      const ryft = await startRyftFake();
      const ryftAccount = {
        provider: 'ryft' as const,
        secretKey: ryft.secretKey,
        publicKey: ryft.publicKey,
        webhookSecret: ryft.webhookSecret,
        apiUrl: ryft.apiUrl,
        scriptUrl: `${ryft.url}/sdk/ryft.js`,
        timeoutMs: 5000,
      };
      const owe = (amount: number) => inTransaction(t.app.deps.db, (tx) => oweRefund(tx, paid, amount, 'test', new Date()));
      try {
        // Switched with Opayo's settings dropped: the earlier payment cannot be refunded (the old fault).
        settings.northfield = ryftAccount;
        const stranded = await owe(100);
        await expect(executeRefund(t.app.deps, stranded)).rejects.toThrow("Payment provider 'opayo' is not supported");
        await t.database.db.delete(paymentRefunds).where(eq(paymentRefunds.id, stranded));
        // Switched with Opayo kept as earlier: new payments go to Ryft, Opayo's own payment is refunded by Opayo.
        settings.northfield = { ...ryftAccount, earlier: [opayo] } as ClientPaymentSettings;
        expect((await ready()).payment_provider).toBe('ryft');
        await executeRefund(t.app.deps, await owe(650));
        expect(fake.refunded.get(paid.providerReference as string)).toBe(650);
        expect((await row(auth.transaction_uuid)).refundedAmount).toBe(650);
        expect(t.app.deps.providers.settingsOf('northfield', 'opayo')?.provider).toBe('opayo');
      } finally {
        settings.northfield = opayo;
        await ryft.close();
      }
    });

    it('keeps a transaction waiting when the checkout asks before the notification came, and the notification finishes it', async () => {
      const { t, as, ready, row } = ctx();
      const auth = await authorise(t, as, await ready(), 'challenge');
      const early = await t.request({
        method: 'POST',
        url: `/api/payment-providers/sca-completion/${auth.transaction_uuid}`,
        as,
        payload: {},
      });
      expect(early.statusCode).toBe(502);
      expect(early.json().message).toBe('Failed to complete 3D Secure verification');
      expect((await row(auth.transaction_uuid)).status).toBe('sca_required');
      const reference = (await row(auth.transaction_uuid)).providerReference as string;
      const cres = fake.challenge(reference, true);
      expect((await notify(t, auth.transaction_uuid, { cres, threeDSSessionData: auth.sca_data.threeDSSessionData })).statusCode).toBe(303);
      expect((await row(auth.transaction_uuid)).status).toBe('authorised');
    });

    it('refuses a forged notification and ignores a repeated one', async () => {
      const { t, as, ready, row } = ctx();
      const session = await ready();
      const auth = await authorise(t, as, session, 'challenge');
      const reference = (await row(auth.transaction_uuid)).providerReference as string;
      const cres = fake.challenge(reference, true);
      // Made up by someone else: the session data is not ours, or is another transaction's.
      const other = await authorise(t, as, await ready(), 'challenge');
      for (const threeDSSessionData of ['forged', other.sca_data.threeDSSessionData, '']) {
        const res = await notify(t, auth.transaction_uuid, { cres, threeDSSessionData });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'The webhook signature could not be verified.', code: 'webhook_signature' });
      }
      expect((await row(auth.transaction_uuid)).status).toBe('sca_required');
      // The real one, twice: the second finds the transaction decided and only sends the customer on.
      const good = { cres, threeDSSessionData: auth.sca_data.threeDSSessionData };
      expect((await notify(t, auth.transaction_uuid, good)).statusCode).toBe(303);
      expect((await row(auth.transaction_uuid)).status).toBe('authorised');
      const calls = fake.calls.length;
      expect((await notify(t, auth.transaction_uuid, good)).statusCode).toBe(303);
      expect(fake.calls.length).toBe(calls);
      expect((await row(auth.transaction_uuid)).status).toBe('authorised');
    });

    it('saves a card when asked (a reusable card identifier), offers it at the next prepare, and pays with it', async () => {
      const { t, as, ready, complete } = ctx();
      const first = await ready();
      const cardIdentifier = await fake.cardIdentifier(first.session_key, testCardNumbers.approve);
      const saving = dataOf(
        await t.request({
          method: 'POST',
          url: '/api/checkout/authorise',
          as,
          headers: { 'user-agent': 'vitest' },
          payload: {
            session_key: first.session_key,
            card_identifier: cardIdentifier,
            item_hash: first.item_hash,
            terms: true,
            save_card: true,
          },
        }),
      );
      expect(saving.transaction_status).toBe('authorised');
      expect(dataOf(await complete(saving.transaction_uuid, first.item_hash)).complete_order_id).toEqual(expect.any(Number));

      const next = await ready();
      expect(next.saved_card).toMatchObject({ id: expect.any(Number), last4: '4242', brand: 'Visa', expiry: '12/30' });
      // The identifier is Opayo's reference, kept on our side only: the browser gets our id.
      expect(JSON.stringify(next)).not.toContain(cardIdentifier);
      const calls = fake.calls.length;
      const paid = dataOf(
        await t.request({
          method: 'POST',
          url: '/api/checkout/authorise',
          as,
          headers: { 'user-agent': 'vitest' },
          payload: { session_key: next.session_key, saved_card_id: next.saved_card.id, item_hash: next.item_hash, terms: true },
        }),
      );
      expect(paid.transaction_status).toBe('authorised');
      expect(fake.calls.slice(calls).filter((c) => c.method === 'POST' && c.path.endsWith('/transactions'))).toHaveLength(1);
      expect(dataOf(await complete(paid.transaction_uuid, next.item_hash)).complete_order_id).toEqual(expect.any(Number));
      const reference = (
        await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, paid.transaction_uuid))
      )[0]?.providerReference as string;
      expect(fake.releases.get(reference)).toBe(1);
    });

    it('does not save a card the customer did not ask to keep, nor one whose payment was declined', async () => {
      const { t, as, ready } = ctx();
      const before = (await ready()).saved_card?.id ?? null;
      for (const [card, save] of [
        ['approve', false],
        ['decline', true],
      ] as const) {
        const session = await ready();
        const cardIdentifier = await fake.cardIdentifier(session.session_key, testCardNumbers[card]);
        await t.request({
          method: 'POST',
          url: '/api/checkout/authorise',
          as,
          headers: { 'user-agent': 'vitest' },
          payload: {
            session_key: session.session_key,
            card_identifier: cardIdentifier,
            item_hash: session.item_hash,
            terms: true,
            save_card: save,
          },
        });
      }
      expect((await ready()).saved_card?.id ?? null).toBe(before);
    });

    it('aborts the deferred transaction of a second tab, and releases only the first', async () => {
      const { t, as, ready, complete } = ctx();
      const tabA = await ready();
      const tabB = dataOf(await t.request({ method: 'GET', url: '/api/checkout/prepare', as }));
      const a = await authorise(t, as, tabA, 'approve');
      const b = await authorise(t, as, tabB, 'approve');
      const doneA = dataOf(await complete(a.transaction_uuid, tabA.item_hash));
      const doneB = dataOf(await complete(b.transaction_uuid, tabB.item_hash));
      expect(doneB.complete_order_id).toBe(doneA.complete_order_id);
      const refOf = async (uuid: string) =>
        (await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, uuid)))[0]?.providerReference as string;
      expect(fake.releases.get(await refOf(a.transaction_uuid))).toBe(1);
      expect(fake.releases.get(await refOf(b.transaction_uuid))).toBeUndefined();
    });
  },
);
