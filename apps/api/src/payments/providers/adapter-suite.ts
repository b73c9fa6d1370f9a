import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cancellationPolicies, occurrences, paymentLines, paymentRefunds, paymentTransactions } from '../../db/schema';
import { appJobs, periodicJobs } from '../../jobs/handlers';
import { runDueJobs } from '../../jobs/runner';
import { ManualClock } from '../../lib/clock';
import { inTransaction } from '../../lib/transaction';
import { executeRefund, oweRefund } from '../../modules/checkout/refunds';
import { demo, openSpin } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
export type Json = any;
export type TestCard = 'approve' | 'decline' | 'insufficient_funds' | 'challenge';
export const testCardNumbers: Record<TestCard, string> = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  insufficient_funds: '4000000000009995',
  challenge: '4000000000003220',
};

/** What the shared suite needs of one provider and its fake. */
export interface AdapterDriver {
  name: 'opayo' | 'ryft' | 'stripe';
  /** Starts the fake; answers the client's settings (PAYMENT_SETTINGS entry) pointing at it. */
  start(): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
  /** The browser's card step and authorise, for a prepared session. */
  authorise(t: TestApp, as: string, session: Json, card: TestCard): Promise<Json>;
  /** The browser's card step alone: what it sends our API for the card (a card identifier, a PaymentMethod id). */
  cardFields(session: Json, card: TestCard): Promise<Record<string, string>>;
  /** The customer at the issuer's challenge, then back at the checkout: the sca-completion answer. */
  challenge(t: TestApp, as: string, auth: Json, reference: string, passed: boolean): Promise<Json>;
  /** How many times the fake took money for a provider reference; how much it took; what it gave back. */
  taken(reference: string): number;
  takenAmount(reference: string): number;
  refunded(reference: string): number;
  hangCaptures(on: boolean): void;
  failSessions(on: boolean): void;
  /** The words prepare answers when the provider cannot open a session; null when prepare asks the provider nothing. */
  sessionFailed: string | null;
  /** Secrets that must never appear in an answer. */
  secrets(): string[];
}

export interface SuiteContext {
  t: TestApp;
  as: string;
  clock: ManualClock;
  ready(): Promise<Json>;
  row(uuid: string): Promise<typeof paymentTransactions.$inferSelect>;
  complete(uuid: string, itemHash: string): ReturnType<TestApp['request']>;
}

/**
 * The same journeys for every adapter against its fake (decision 111): success, decline, insufficient funds, 3-D Secure
 * passed and failed, a capture whose answer is lost (reconciliation keeps captured - refunded equal to the order's
 * card total), refunds full and partial (a refund id never pays twice), a cancelled booking refunded through the
 * provider that took the money, and a provider that cannot open a session.
 * Provider-specific checks (webhooks, notifications) go in `more`.
 */
export function adapterSuite(driver: AdapterDriver, more?: (ctx: () => SuiteContext) => void): void {
  const clock = new ManualClock();
  let ctx: SuiteContext;

  beforeAll(async () => {
    const settings = await driver.start();
    const t = await createTestApp({
      clock,
      env: {
        // Long enough for a fake's answer on a machine others share; short enough for the tests of a provider
        // that never answers.
        PAYMENT_SETTINGS: JSON.stringify({ northfield: { ...settings, timeoutMs: 5000 } }),
        CAPTURE_GRACE_SECONDS: '120',
        RECONCILE_SECONDS: '60',
      },
    });
    const as = await t.sessionFor(demo.email);
    const ready = async (): Promise<Json> => {
      await t.request({ method: 'DELETE', url: '/api/checkout/cart', as });
      await t.request({
        method: 'POST',
        url: '/api/checkout/cart/add',
        as,
        payload: { items: [{ id: (await openSpin(t, as)).id, type: 'purchasableOccurrence' }] },
      });
      return dataOf(await t.request({ method: 'GET', url: '/api/checkout/prepare', as }));
    };
    ctx = {
      t,
      as,
      clock,
      ready,
      row: async (uuid) => (await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, uuid)))[0]!,
      complete: (uuid, itemHash) =>
        t.request({
          method: 'POST',
          url: '/api/checkout/complete',
          as,
          payload: { transaction_uuid: uuid, item_hash: itemHash, terms: true },
        }),
    };
  }, 240_000); // a fresh app with its migrations and seed, on a machine others share
  afterAll(async () => {
    await ctx?.t.close();
    await driver.stop();
  });

  /** captured - refunded on our books, the provider's, and the order's card lines: all the same. */
  const expectMoneyKept = async (uuid: string) => {
    const row = await ctx.row(uuid);
    const lines = await ctx.t.database.db
      .select()
      .from(paymentLines)
      .where(and(eq(paymentLines.transactionUuid, uuid), eq(paymentLines.tenderType, 'card')));
    const cardTotal = lines.reduce((sum, l) => sum + l.amount, 0);
    expect(row.capturedAmount - row.refundedAmount).toBe(cardTotal);
    // The provider's own books: what its fake took and gave back, never our row's figures.
    const reference = row.providerReference as string;
    expect(driver.takenAmount(reference) - driver.refunded(reference)).toBe(cardTotal);
    return { row, cardTotal };
  };

  describe(`the ${driver.name} adapter against its fake`, () => {
    it("prepares with the provider's own session and script, and no answer carries a secret", async () => {
      const session = await ctx.ready();
      expect(session.payment_provider).toBe(driver.name);
      expect(session.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      const client = await ctx.t.request({ method: 'GET', url: '/api/client' });
      for (const body of [JSON.stringify(session), client.body]) {
        for (const secret of driver.secrets()) expect(body).not.toContain(secret);
      }
    });

    it('authorises without taking money, and takes it once at completion however often completion runs', async () => {
      const session = await ctx.ready();
      const auth = await driver.authorise(ctx.t, ctx.as, session, 'approve');
      expect(auth).toMatchObject({ transaction_status: 'authorised', error: null });
      const reference = (await ctx.row(auth.transaction_uuid)).providerReference as string;
      expect(driver.taken(reference)).toBe(0);
      const first = await ctx.complete(auth.transaction_uuid, session.item_hash);
      const again = await ctx.complete(auth.transaction_uuid, session.item_hash);
      expect(first.statusCode).toBe(200);
      expect(dataOf(again)).toEqual(dataOf(first));
      expect(driver.taken(reference)).toBe(1);
      const { cardTotal } = await expectMoneyKept(auth.transaction_uuid);
      expect(cardTotal).toBe(650);
    });

    it("answers a declined card with 'Payment was declined'", async () => {
      const auth = await driver.authorise(ctx.t, ctx.as, await ctx.ready(), 'decline');
      expect(auth.transaction_status).toBe('failed');
      expect(auth.error.message).toBe('Payment was declined');
    });

    it("answers insufficient funds with its code and 'Payment was declined'", async () => {
      const auth = await driver.authorise(ctx.t, ctx.as, await ctx.ready(), 'insufficient_funds');
      expect(auth).toMatchObject({ transaction_status: 'failed', error: { code: 'insufficient_funds', message: 'Payment was declined' } });
    });

    it('completes after a 3-D Secure challenge the customer passed', async () => {
      const session = await ctx.ready();
      const auth = await driver.authorise(ctx.t, ctx.as, session, 'challenge');
      expect(auth.transaction_status).toBe('sca_required');
      const reference = (await ctx.row(auth.transaction_uuid)).providerReference as string;
      const sca = await driver.challenge(ctx.t, ctx.as, auth, reference, true);
      expect(sca.status).toBe('authorised');
      expect((await ctx.complete(auth.transaction_uuid, session.item_hash)).statusCode).toBe(200);
      expect(driver.taken(reference)).toBe(1);
    });

    it("fails with '3D Secure verification failed' when the customer failed the challenge, and nothing is taken", async () => {
      const session = await ctx.ready();
      const auth = await driver.authorise(ctx.t, ctx.as, session, 'challenge');
      const reference = (await ctx.row(auth.transaction_uuid)).providerReference as string;
      const sca = await driver.challenge(ctx.t, ctx.as, auth, reference, false);
      expect(sca.status).toBe('failed');
      expect((await ctx.row(auth.transaction_uuid)).errorMessage).toBe('3D Secure verification failed');
      expect((await ctx.complete(auth.transaction_uuid, session.item_hash)).statusCode).not.toBe(200);
      expect(driver.taken(reference)).toBe(0);
    });

    it('keeps captured - refunded equal to the order when the provider takes the money and never answers', async () => {
      const session = await ctx.ready();
      const auth = await driver.authorise(ctx.t, ctx.as, session, 'approve');
      const reference = (await ctx.row(auth.transaction_uuid)).providerReference as string;
      driver.hangCaptures(true);
      try {
        const lost = await ctx.complete(auth.transaction_uuid, session.item_hash);
        expect(lost.statusCode).toBe(502);
        expect(lost.json().message).toBe('Failed to complete payment');
      } finally {
        driver.hangCaptures(false);
      }
      expect(driver.taken(reference)).toBe(1);
      expect((await ctx.row(auth.transaction_uuid)).status).toBe('capturing');
      // Reconciliation, after the grace period: the provider's record says the money was taken, so the order is written.
      ctx.clock.advance(121_000);
      const run = () =>
        runDueJobs(ctx.t.app.deps, ctx.clock.now(), { definitions: appJobs, periodic: periodicJobs(ctx.t.app.deps.config) });
      for (let i = 0; i < 4 && (await ctx.row(auth.transaction_uuid)).status === 'capturing'; i++) await run();
      const row = await ctx.row(auth.transaction_uuid);
      expect(row.status).toBe('completed');
      expect(driver.taken(reference)).toBe(1);
      await expectMoneyKept(auth.transaction_uuid);
    }, 120_000); // calls that time out, on a machine others share

    it('refunds part, then the rest, once per refund id, and never more than was taken', async () => {
      const session = await ctx.ready();
      const auth = await driver.authorise(ctx.t, ctx.as, session, 'approve');
      expect((await ctx.complete(auth.transaction_uuid, session.item_hash)).statusCode).toBe(200);
      const row = await ctx.row(auth.transaction_uuid);
      const reference = row.providerReference as string;
      const owe = (amount: number) => inTransaction(ctx.t.app.deps.db, (tx) => oweRefund(tx, row, amount, 'test', ctx.clock.now()));
      const part = await owe(200);
      await executeRefund(ctx.t.app.deps, part);
      await executeRefund(ctx.t.app.deps, part);
      expect(driver.refunded(reference)).toBe(200);
      expect((await ctx.row(auth.transaction_uuid)).refundedAmount).toBe(200);
      const rest = await owe(450);
      await executeRefund(ctx.t.app.deps, rest);
      expect(driver.refunded(reference)).toBe(650);
      const tooMuch = await owe(1);
      await executeRefund(ctx.t.app.deps, tooMuch);
      expect(driver.refunded(reference)).toBe(650);
      expect(await ctx.row(auth.transaction_uuid)).toMatchObject({ capturedAmount: 650, refundedAmount: 650 });
      // The provider's own books agree: 650 taken, 650 given back.
      expect(driver.takenAmount(reference)).toBe(650);
    });

    it('refunds a cancelled booking through the provider that took the money, once however often the cancel is tried', async () => {
      const session = await ctx.ready();
      const auth = await driver.authorise(ctx.t, ctx.as, session, 'approve');
      const done = await ctx.complete(auth.transaction_uuid, session.item_hash);
      expect(done.statusCode, done.body).toBe(200);
      const orderId = dataOf(done).complete_order_id;
      const db = ctx.t.database.db;
      const [booking] = await db
        .select({ id: bookings.id, scheduleId: occurrences.scheduleId, clientId: bookings.clientId })
        .from(bookings)
        .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
        .where(eq(bookings.orderId, orderId));
      // This class's policy: the money back to the card up to an hour before (the demo's own gives credit).
      await db
        .insert(cancellationPolicies)
        .values({ clientId: booking!.clientId, scheduleId: booking!.scheduleId, cutOffMinutes: 60, outcome: 'refund' })
        .onConflictDoNothing();
      try {
        const cancel = () =>
          ctx.t.request({ method: 'DELETE', url: `/api/activities/bookings/${booking!.id}/?source=bookings`, as: ctx.as });
        const tries = await Promise.all([cancel(), cancel()]);
        expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        // The durable job that stands behind the immediate attempt finds the refund done and gives nothing more.
        ctx.clock.advance(60_000);
        await runDueJobs(ctx.t.app.deps, ctx.clock.now(), { definitions: appJobs, periodic: periodicJobs(ctx.t.app.deps.config) });
        const row = await ctx.row(auth.transaction_uuid);
        const reference = row.providerReference as string;
        expect(driver.taken(reference)).toBe(1);
        expect(driver.refunded(reference)).toBe(650);
        expect(row).toMatchObject({ provider: driver.name, capturedAmount: 650, refundedAmount: 650 });
        const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionUuid, auth.transaction_uuid));
        expect(refunds).toMatchObject([{ amount: 650, status: 'succeeded', reason: 'cancellation' }]);
      } finally {
        await db.delete(cancellationPolicies).where(eq(cancellationPolicies.scheduleId, booking!.scheduleId));
      }
    });

    it('pays through the session calls of document 1, section 7: session/prepare, session/payment, session/complete', async () => {
      await ctx.ready();
      const post = (url: string, payload: Record<string, unknown>) => ctx.t.request({ method: 'POST', url, as: ctx.as, payload });
      const session = dataOf(await post('/api/checkout/session/prepare', {}));
      expect(session).toMatchObject({ payment_provider: driver.name, payment_session_id: session.session_key });
      const paid = await post('/api/checkout/session/payment', {
        payment_session_id: session.payment_session_id,
        ...(await driver.cardFields(session, 'approve')),
        payments: [],
        terms: true,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const auth = dataOf(paid);
      expect(auth).toMatchObject({ transaction_uuid: expect.any(String), transaction_status: 'authorised' });
      const done = await post(`/api/checkout/session/complete/${auth.transaction_uuid}`, { terms: true });
      expect(done.statusCode, done.body).toBe(200);
      expect(dataOf(done).complete_order_id).toEqual(expect.any(Number));
      const reference = (await ctx.row(auth.transaction_uuid)).providerReference as string;
      expect(driver.taken(reference)).toBe(1);
      await expectMoneyKept(auth.transaction_uuid);
      // A declined card through the same calls: the spec's words, nothing taken.
      await ctx.ready();
      const again = dataOf(await post('/api/checkout/session/prepare', {}));
      const declined = dataOf(
        await post('/api/checkout/session/payment', {
          payment_session_id: again.payment_session_id,
          ...(await driver.cardFields(again, 'decline')),
          payments: [],
          terms: true,
        }),
      );
      expect(declined).toMatchObject({ transaction_status: 'failed', error: { message: 'Payment was declined' } });
    });

    // Stripe's prepare asks Stripe nothing (the PaymentIntent is made at authorise), so it has no such failure.
    const sessionFailed = driver.sessionFailed;
    if (sessionFailed !== null)
      it("answers prepare with the spec's words when the provider cannot open a session", async () => {
        driver.failSessions(true);
        try {
          await ctx.ready().catch(() => null);
          const res = await ctx.t.request({ method: 'GET', url: '/api/checkout/prepare', as: ctx.as });
          expect(res.statusCode).toBe(502);
          expect(res.json().message).toBe(sessionFailed);
          // The newer session call (document 1, section 7) answers the same words.
          const session = await ctx.t.request({
            method: 'POST',
            url: '/api/checkout/session/prepare',
            as: ctx.as,
            payload: { source: 'activity-booking' },
          });
          expect(session.statusCode).toBe(502);
          expect(session.json().message).toBe(sessionFailed);
        } finally {
          driver.failSessions(false);
        }
      });
  });

  if (more) describe(`${driver.name}: what it sends us`, () => more(() => ctx));
}
