import { createHmac, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, paymentTransactions, users } from '../db/schema';
import { opayoSessionData } from '../payments/providers/opayo';
import { opayoSettings } from '../payments/settings';
import { controlText, deep, encode, pick, shown } from '../test/bad-values';
import { demo } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { changedTables, tableSnapshotter } from '../test/snapshot';

/**
 * The payment providers' callbacks are hidden from the OpenAPI document (their callers are Opayo's challenge page,
 * Ryft and Stripe, not the app), so the fuzzer over the document never reaches them (decision 182). They get the same
 * classes of bad input here: unknown and malformed clients and transaction ids, control characters, over-long and
 * wrong-typed fields, malformed, huge, deep and mistyped bodies, and missing, forged, mangled or misplaced
 * signatures. Anything not signed with the client's own secret must be a 4xx; anything, signed or not, must never
 * be a 5xx; and nothing may change, while a transaction of each provider waits on 3-D Secure in the database.
 */

const OPAYO = {
  provider: 'opayo',
  vendorName: 'fuzzvendor',
  integrationKey: 'fuzz-key',
  integrationPassword: 'fuzz-password',
  // Nothing listens there: a notification that gets as far as asking Opayo finds it unavailable.
  apiUrl: 'http://127.0.0.1:9/api/v1',
  timeoutMs: 500,
} as const;
/** The settings as the server reads them, to sign threeDSSessionData as the checkout does. */
const signing = opayoSettings.parse(OPAYO);
const RYFT_SECRET = 'ryft-fuzz-webhook-secret';
const STRIPE_SECRET = 'whsec_fuzz';

let t: TestApp;
let snapshot: () => Promise<Record<string, string>>;
/** A northfield transaction waiting on Opayo's 3-D Secure, and a riverside one waiting on Ryft's. */
let opayoWaiting: string;
const ryftReference = 'ps_fuzz_waiting';

beforeAll(async () => {
  t = await createTestApp({
    env: {
      PAYMENT_SETTINGS: JSON.stringify({
        northfield: OPAYO,
        riverside: {
          provider: 'ryft',
          secretKey: 'sk_fuzz',
          publicKey: 'pk_fuzz',
          webhookSecret: RYFT_SECRET,
          apiUrl: 'http://127.0.0.1:9',
          timeoutMs: 500,
        },
      }),
      STRIPE_SECRET_KEY: 'sk_test_fuzz',
      STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
      STRIPE_API_URL: 'http://127.0.0.1:9',
    },
  });
  const db = t.database.db;
  const waiting = async (client: string, provider: string, reference: string) => {
    const clientId = await t.clientId(client);
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, demo.email), eq(users.clientId, clientId)));
    const [cart] = await db.insert(carts).values({ clientId, userId: user!.id, source: 'activity-booking' }).returning();
    const [row] = await db
      .insert(paymentTransactions)
      .values({
        clientId,
        userId: user!.id,
        cartId: cart!.id,
        provider,
        status: 'sca_required',
        amount: 650,
        currency: 'GBP',
        itemHash: 'fuzz',
        payments: [{ tender_type: 'card', amount: 650 }],
        providerReference: reference,
      })
      .returning();
    return row!.uuid;
  };
  opayoWaiting = await waiting('northfield', 'opayo', 'opayo-fuzz-waiting');
  await waiting('riverside', 'ryft', ryftReference);
  snapshot = await tableSnapshotter(t);
}, 120_000);
afterAll(() => t?.close());

interface Attempt {
  what: string;
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** Signed with the client's own secret: only a 5xx or a change fails it (a signed event of no interest is a 200). */
  signed?: boolean;
}

async function expectRefused(attempts: Attempt[]): Promise<void> {
  const failures: string[] = [];
  const before = await snapshot();
  for (const a of attempts) {
    const res = await t.app.inject({ method: a.method ?? 'POST', url: a.url, headers: a.headers ?? {}, payload: a.payload ?? '' });
    const ok = res.statusCode < 500 && (a.signed || (res.statusCode >= 400 && res.statusCode < 500));
    if (!ok) failures.push(`${a.what}: ${a.method ?? 'POST'} ${a.url.slice(0, 120)} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
  }
  const changed = changedTables(before, await snapshot());
  if (changed.length) failures.push(`changed ${changed.join(', ')}`);
  expect(failures.join('\n')).toBe('');
}

const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const huge = 'x'.repeat(300 * 1024);
const bad = (name: string, where: string) => pick({ name, values: controlText }, where);
/** Path segments no client or transaction has: unknown, control characters (percent-encoded), over-long, past int32, a slash. */
const badSegments = (where: string) => [
  'nobody',
  encode(bad('control characters', where)),
  'x'.repeat(5000),
  '2147483648',
  '..%2F..%2Fapi',
];

describe("the providers' callbacks, which the OpenAPI fuzzer cannot see, answer bad input with a 4xx and change nothing", () => {
  it("Opayo's 3-D Secure notification", async () => {
    const base = '/payment-providers/opayo/notification';
    const uuid = opayoWaiting;
    const good = opayoSessionData(signing, uuid);
    const formOf = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const attempts: Attempt[] = [
      ...badSegments('opayo client').map((client) => ({
        what: `client ${shown(client)}`,
        url: `${base}/${client}/${uuid}`,
        headers: form,
        payload: formOf({ cres: 'x', threeDSSessionData: good }),
      })),
      ...badSegments('opayo uuid').map((id) => ({
        what: `transaction ${shown(id)}`,
        url: `${base}/northfield/${id}`,
        headers: form,
        payload: formOf({ cres: 'x', threeDSSessionData: good }),
      })),
      // A client that uses another provider; a transaction of another client.
      { what: 'a Ryft client', url: `${base}/riverside/${uuid}`, headers: form, payload: formOf({ cres: 'x', threeDSSessionData: good }) },
      // Signatures: none, forged, for another transaction, mangled, control characters, over-long.
      ...[
        '',
        'forged.signature',
        opayoSessionData(signing, randomUUID()),
        `${good}x`,
        bad('session data', uuid),
        huge.slice(0, 10_000),
      ].map((value) => ({
        what: `threeDSSessionData ${shown(value)}`,
        url: `${base}/northfield/${uuid}`,
        headers: form,
        payload: formOf({ cres: 'c', threeDSSessionData: value }),
      })),
      // The challenge result missing, wrong-typed or junk in JSON, without a valid signature.
      ...[
        {},
        { cres: 1 },
        { cres: null, threeDSSessionData: 1 },
        { cres: ['a'], threeDSSessionData: { a: 1 } },
        deep(200),
        [],
        null,
        7,
      ].map((body) => ({ what: `JSON ${shown(body)}`, url: `${base}/northfield/${uuid}`, headers: json, payload: JSON.stringify(body) })),
      { what: 'malformed JSON', url: `${base}/northfield/${uuid}`, headers: json, payload: '{"cres":' },
      { what: 'a body past the limit', url: `${base}/northfield/${uuid}`, headers: form, payload: `cres=${huge}` },
      { what: 'text/plain', url: `${base}/northfield/${uuid}`, headers: { 'content-type': 'text/plain' }, payload: 'cres=x' },
      { what: 'GET', method: 'GET', url: `${base}/northfield/${uuid}` },
      // Signed for a transaction that does not exist.
      ...[randomUUID(), '00000000-0000-0000-0000-000000000000'].map((id) => ({
        what: `signed, unknown transaction ${id}`,
        url: `${base}/northfield/${id}`,
        headers: form,
        payload: formOf({ cres: 'x', threeDSSessionData: opayoSessionData(signing, id) }),
      })),
      // Signed for the waiting transaction, with a junk challenge result: Opayo is asked (and does not answer here).
      ...[bad('cres', 'signed'), huge.slice(0, 20_000), 'null'].map((cres) => ({
        what: `signed, cres ${shown(cres)}`,
        url: `${base}/northfield/${uuid}`,
        headers: form,
        payload: formOf({ cres, threeDSSessionData: good }),
        signed: true,
      })),
    ];
    await expectRefused(attempts);
  });

  it("Ryft's webhook", async () => {
    const url = '/payment-providers/ryft/webhook/riverside';
    const sign = (body: string | Buffer, secret = RYFT_SECRET) => createHmac('sha256', secret).update(body).digest('hex');
    const event = JSON.stringify({ eventType: 'PaymentSession.declined', data: { id: ryftReference } });
    const attempts: Attempt[] = [
      ...badSegments('ryft client').map((client) => ({
        what: `client ${shown(client)}`,
        url: `/payment-providers/ryft/webhook/${client}`,
        headers: { ...json, signature: sign(event) },
        payload: event,
      })),
      // Northfield uses Opayo: no Ryft address there, whatever the signature.
      {
        what: 'an Opayo client',
        url: '/payment-providers/ryft/webhook/northfield',
        headers: { ...json, signature: sign(event) },
        payload: event,
      },
      // Signatures: none, forged, with another secret, for another body, mangled, control characters, over-long.
      ...[
        '',
        'deadbeef',
        sign(event, 'someone-else'),
        sign(`${event} `),
        `${sign(event)}0`,
        bad('signature', 'ryft'),
        'a'.repeat(10_000),
      ].map((signature) => ({
        what: `signature ${shown(signature)}`,
        url,
        headers: { ...json, signature: encode(signature) },
        payload: event,
      })),
      { what: 'a body past the limit', url, headers: { ...json, signature: sign(huge) }, payload: huge },
      { what: 'text/plain', url, headers: { 'content-type': 'text/plain', signature: sign(event) }, payload: event },
      { what: 'GET', method: 'GET', url },
      // Signed with the client's secret, but not JSON: refused.
      { what: 'signed malformed JSON', url, headers: { ...json, signature: sign('{"eventType":') }, payload: '{"eventType":' },
      // Signed events of every wrong shape: acknowledged (Ryft would retry a refusal for days), acted on never.
      ...[
        null,
        [],
        7,
        'text',
        {},
        deep(200),
        { eventType: 1, data: { id: ryftReference } },
        { eventType: 'PaymentSession.approved', data: null },
        { eventType: 'PaymentSession.approved', data: { id: 7 } },
        { eventType: 'PaymentSession.approved', data: { id: bad('id', 'ryft-id') } },
        { eventType: 'PaymentSession.approved', data: { id: 'x'.repeat(10_000) } },
        { eventType: 'PaymentSession.approved', data: { id: 'ps_nobody' } },
        { eventType: 'PaymentSession.declined', data: { id: ryftReference.toUpperCase(), lastError: { a: 1 } } },
      ].map((body) => {
        const raw = JSON.stringify(body);
        return { what: `signed ${shown(body)}`, url, headers: { ...json, signature: sign(raw) }, payload: raw, signed: true };
      }),
    ];
    await expectRefused(attempts);
  });

  it("Stripe's webhooks", async () => {
    const sign = (payload: string, secret = STRIPE_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const event = JSON.stringify({
      id: 'evt_fuzz',
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: { object: { id: 'pi_nobody', object: 'payment_intent' } },
    });
    const url = '/payment-providers/stripe/webhook';
    const attempts: Attempt[] = [
      ...badSegments('stripe client').map((client) => ({
        what: `client ${shown(client)}`,
        url: `${url}/${client}`,
        headers: { ...json, 'stripe-signature': sign(event) },
        payload: event,
      })),
      ...['', 't=1,v1=deadbeef', sign(event, 'whsec_other'), sign(`${event} `), bad('signature', 'stripe'), 'v1='.repeat(3000)].map(
        (signature) => ({
          what: `signature ${shown(signature)}`,
          url,
          headers: { ...json, 'stripe-signature': encode(signature) },
          payload: event,
        }),
      ),
      { what: 'a body past the limit', url, headers: { ...json, 'stripe-signature': sign(huge) }, payload: huge },
      // Signed, as text: Stripe's check is of the bytes, so it is acknowledged like the same event as JSON.
      {
        what: 'signed text/plain',
        url,
        headers: { 'content-type': 'text/plain', 'stripe-signature': sign(event) },
        payload: event,
        signed: true,
      },
      { what: 'signed malformed JSON', url, headers: { ...json, 'stripe-signature': sign('{"type":') }, payload: '{"type":' },
      // Signed events of every wrong shape: acknowledged or refused, never a 500, acted on never.
      ...[
        null,
        [],
        {},
        deep(200),
        { type: 'payment_intent.payment_failed' },
        { type: 'payment_intent.payment_failed', data: null },
        { type: 'payment_intent.payment_failed', data: { object: null } },
        { type: 'payment_intent.amount_capturable_updated', data: { object: { id: 7 } } },
        { type: 'payment_intent.amount_capturable_updated', data: { object: { id: bad('id', 'stripe-id') } } },
        { type: 'payment_intent.payment_failed', data: { object: { id: 'pi_nobody', last_payment_error: 'x' } } },
        { type: 'payment_intent.amount_capturable_updated', data: { object: { id: 'pi_\u0000nul' } } },
        { type: 'payment_intent.amount_capturable_updated', data: { object: { id: 'x'.repeat(10_000) } } },
      ].map((body) => {
        const raw = JSON.stringify(body);
        return { what: `signed ${shown(body)}`, url, headers: { ...json, 'stripe-signature': sign(raw) }, payload: raw, signed: true };
      }),
    ];
    await expectRefused(attempts);
  });

  it("the sandbox provider's card form and challenge page", async () => {
    const attempts: Attempt[] = [
      ...[
        {},
        { session_key: 1 },
        {
          session_key: bad('session key', 'sandbox'),
          card_holder_name: 'A',
          card_number: '4242424242424242',
          expiry: '12/30',
          security_code: '1',
        },
        { session_key: 'ps_nobody', card_holder_name: 'A', card_number: 'x'.repeat(5000), expiry: '12/30', security_code: '123' },
        { session_key: 'ps_nobody', card_holder_name: 'A', card_number: '4242424242424242', expiry: '99/99', security_code: '123' },
        deep(200),
        [],
      ].map((body) => ({
        what: `card form ${shown(body)}`,
        url: '/sandbox-provider/v1/card-identifiers',
        headers: json,
        payload: JSON.stringify(body),
      })),
      ...badSegments('sandbox 3ds').map((id) => ({
        what: `challenge ${shown(id)}`,
        method: 'GET' as const,
        url: `/sandbox-provider/3ds/${id}`,
      })),
      {
        what: 'challenge answer for nothing',
        url: `/sandbox-provider/3ds/${randomUUID()}`,
        headers: form,
        payload: 'result=maybe&return_url=//evil.example',
      },
    ];
    await expectRefused(attempts);
  });
});
