import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { paymentTransactions } from '../../db/schema';
import { dataOf, type TestApp } from '../../test/harness';
import { type OpayoFake, startOpayoFake } from '../../test/opayo-fake';
import { adapterSuite, type Json, testCardNumbers } from './adapter-suite';

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
        scriptUrl: `${fake.apiUrl}/js/sagepay.js`,
      };
    },
    stop: () => fake.close(),
    authorise,
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
      expect(session.url).toBe(`${fake.apiUrl}/js/sagepay.js`);
      const auth = await authorise(t, as, session, 'challenge');
      expect(auth.sca_data).toMatchObject({ creq: expect.any(String), threeDSSessionData: expect.any(String) });
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
