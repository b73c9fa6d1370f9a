import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingCancellations,
  cancellationPolicies,
  creditLedger,
  orders,
  paymentRefunds,
  paymentTransactions,
  penalties,
  penaltyPolicies,
  sandboxCharges,
  sessions,
} from '../../db/schema';
import { appJobs } from '../../jobs/handlers';
import { runDueJobs } from '../../jobs/runner';
import { ManualClock } from '../../lib/clock';
import { inTransaction } from '../../lib/transaction';
import { creditCustomer } from '../../seed/checkout';
import { freshSession, type Json, northfieldShop, type Shop } from '../../test/checkout-flow';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { cancelOne } from './cancel';

/**
 * Issue 11, items 1 and 2: cancelling by the policy (Northfield's demo policy: credit up to a day before, no cancelling
 * after; a Riverside-like override on one schedule: card refund up to 12 hours before, a £2.00 fee after), the money
 * given back once, and the order's refund_status kept true.
 */
const clock = new ManualClock();
let t: TestApp;
let shop: Shop;
let casey: string;
let caseyId: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  shop = await northfieldShop(t.database.db);
  casey = await t.sessionFor(creditCustomer.email);
  caseyId = dataOf(await t.request({ method: 'GET', url: '/api/auth/user', as: casey })).id;
});
afterAll(() => t.close());

const H = 3_600_000;

/** Moves the clock, keeping the test's log-ins alive (they expire a day after they were made, by the real time). */
async function moveClockTo(at: Date): Promise<void> {
  clock.set(at);
  await t.database.db.update(sessions).set({ expiresAt: new Date(at.getTime() + 86_400_000) });
}

/** A new session (in ~2 days) paid for: `credit` pence of general credit, the rest by the sandbox card. */
async function paidSession(credit = 0): Promise<{ bookingId: number; orderId: number; occurrenceId: string; startsAt: Date }> {
  clock.set(new Date());
  const occurrenceId = await freshSession(t.database.db, shop, 5);
  await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: casey });
  const added = await t.request({
    method: 'POST',
    url: '/api/checkout/cart/add',
    as: casey,
    payload: { items: [{ id: occurrenceId, type: 'purchasableOccurrence' }] },
  });
  expect(added.statusCode, added.body).toBe(200);
  if (credit > 0) {
    const applied = await t.request({
      method: 'POST',
      url: '/api/credits/apply',
      as: casey,
      payload: { credits_to_reserve: [{ amount: credit, type: 'general' }] },
    });
    expect(applied.statusCode, applied.body).toBe(200);
  }
  const session = dataOf(await t.request({ method: 'GET', url: '/api/checkout/prepare', as: casey }));
  const card = await t.app.inject({
    method: 'POST',
    url: '/sandbox-provider/v1/card-identifiers',
    payload: {
      session_key: session.session_key,
      card_holder_name: 'C Card',
      card_number: '4242 4242 4242 4242',
      expiry: '12/30',
      security_code: '123',
    },
  });
  const auth = dataOf(
    await t.request({
      method: 'POST',
      url: '/api/checkout/authorise',
      as: casey,
      payload: {
        session_key: session.session_key,
        card_identifier: card.json().card_identifier,
        card_holder_name: 'C Card',
        terms: true,
        item_hash: session.item_hash,
      },
    }),
  );
  const done = await t.request({
    method: 'POST',
    url: '/api/checkout/complete',
    as: casey,
    payload: { transaction_uuid: auth.transaction_uuid, item_hash: session.item_hash, terms: true },
  });
  expect(done.statusCode, done.body).toBe(200);
  const orderId = dataOf(done).complete_order_id;
  const list = dataOf(
    await t.request({ method: 'GET', url: `/api/v1/activities/bookings?occurrence_id=${occurrenceId}`, as: await staffSession() }),
  );
  const b = list.find((x: Json) => x.user_id === caseyId);
  return { bookingId: b.id, orderId, occurrenceId, startsAt: new Date(b.starts_at.utc) };
}

let staffCookie: string | null = null;
const staffSession = async () => {
  staffCookie ??= await t.sessionFor('staff@example.com');
  return staffCookie;
};

const myBooking = async (id: number): Promise<Json> =>
  dataOf(await t.request({ method: 'GET', url: '/api/my-account/bookings?when=past', as: casey })).find((b: Json) => b.id === id) ??
  dataOf(await t.request({ method: 'GET', url: '/api/my-account/bookings?when=upcoming', as: casey })).find((b: Json) => b.id === id);

const cancel = (id: number) => t.request({ method: 'DELETE', url: `/api/activities/bookings/${id}/?source=bookings`, as: casey });

const generalCredit = async (orderId: number) =>
  (
    await t.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.orderId, orderId), eq(creditLedger.kind, 'general')))
  )
    .filter((r) => r.amount > 0)
    .reduce((n, r) => n + r.amount, 0);

const orderOf = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('Northfield: credit up to a day before, no cancelling after', () => {
  it('outside the cut-off: shows the credit before, gives £6.50 general credit once, and refund_status full', async () => {
    const { bookingId, orderId, startsAt } = await paidSession();
    const before = await myBooking(bookingId);
    expect(before.cancellation).toMatchObject({
      can_cancel: true,
      cut_off_actions: ['disable_cancelling'],
      awards_credit: true,
      awards_credit_message: 'Cancel and receive £6.50 credit',
    });
    expect(new Date(before.cancellation.cut_off).getTime()).toBeLessThan(startsAt.getTime());
    // Three at once, as a double-click and a second tab would: whichever arrives first wins, the others are refused.
    const tries = await Promise.all([cancel(bookingId), cancel(bookingId), cancel(bookingId)]);
    expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const won = tries.find((r) => r.statusCode === 200);
    expect(dataOf(won as never).refunded).toMatchObject({ credit: { formatted: '£6.50' }, card: { value: 0 } });
    expect(await generalCredit(orderId)).toBe(650);
    expect((await orderOf(orderId))?.refundStatus).toBe('full');
  });

  it('inside the cut-off: cannot cancel, says why, and nothing moves', async () => {
    const { bookingId, orderId, startsAt } = await paidSession();
    await moveClockTo(new Date(startsAt.getTime() - 2 * H));
    const shown = await myBooking(bookingId);
    expect(shown.cancellation).toMatchObject({
      can_cancel: false,
      cannot_cancel_reason: 'Bookings cannot be cancelled less than 24 hours before the start.',
    });
    const res = await cancel(bookingId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Bookings cannot be cancelled less than 24 hours before the start.');
    expect(await generalCredit(orderId)).toBe(0);
    expect((await orderOf(orderId))?.refundStatus).toBeNull();
  });
});

describe('a schedule override: card refund up to 12 hours before, a £2.00 fee after', () => {
  beforeAll(async () => {
    await t.database.db.insert(cancellationPolicies).values({
      clientId: shop.clientId,
      scheduleId: shop.scheduleId,
      cutOffMinutes: 720,
      cutOffActions: ['charge_fee'],
      feeAmount: 200,
      outcome: 'refund',
    });
  });
  afterAll(() => t.database.db.delete(cancellationPolicies).where(eq(cancellationPolicies.scheduleId, shop.scheduleId)));

  const refundsOf = async (orderId: number) => {
    const tx = await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId));
    const uuid = tx[0]?.uuid as string;
    return { t: tx[0], refunds: await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionUuid, uuid)) };
  };

  it('outside: the card part back to the card and the credit part back to credit (refund_status mixed)', async () => {
    const { bookingId, orderId } = await paidSession(250);
    expect((await myBooking(bookingId)).cancellation).toMatchObject({
      can_cancel: true,
      awards_credit: false,
      cut_off_message: expect.stringMatching(/^Cancel before .* to avoid a £2\.00 fee$/),
    });
    const res = await cancel(bookingId);
    expect(res.statusCode, res.body).toBe(200);
    const { t: paid, refunds } = await refundsOf(orderId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 400, status: 'succeeded', reason: 'cancellation' });
    expect(paid?.refundedAmount).toBe(400);
    expect(await generalCredit(orderId)).toBe(250);
    expect((await orderOf(orderId))?.refundStatus).toBe('mixed');
    expect(dataOf(res).refunded).toMatchObject({ card: { value: 400 }, credit: { value: 250 }, fee: { value: 0 } });
  });

  it('inside: says what it costs, keeps the £2.00 fee and refunds the rest to the card (refund_status partial)', async () => {
    const { bookingId, orderId, startsAt } = await paidSession();
    await moveClockTo(new Date(startsAt.getTime() - 3 * H));
    expect((await myBooking(bookingId)).cancellation).toMatchObject({ can_cancel: true, cut_off_message: 'Cancelling now costs £2.00' });
    const res = await cancel(bookingId);
    expect(res.statusCode, res.body).toBe(200);
    const { refunds } = await refundsOf(orderId);
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([[450, 'succeeded']]);
    expect((await orderOf(orderId))?.refundStatus).toBe('partial');
    expect(await t.database.db.select().from(penalties).where(eq(penalties.bookingId, bookingId))).toEqual([]);
  });

  it('one late cancellation is one charge: with a £3.00 late-cancellation penalty too, only the policy’s £2.00 fee', async () => {
    const was = (await t.database.db.select().from(penaltyPolicies).where(eq(penaltyPolicies.clientId, shop.clientId)))[0];
    await t.database.db
      .update(penaltyPolicies)
      .set({ lateCancellationAction: 'fee', feeAmount: 300 })
      .where(eq(penaltyPolicies.clientId, shop.clientId));
    try {
      const { bookingId, startsAt } = await paidSession();
      await moveClockTo(new Date(startsAt.getTime() - 3 * H));
      const res = await cancel(bookingId);
      expect(res.statusCode, res.body).toBe(200);
      expect(dataOf(res).refunded).toMatchObject({ card: { value: 450 }, fee: { value: 200 } });
      expect(await t.database.db.select().from(penalties).where(eq(penalties.bookingId, bookingId))).toEqual([]);
    } finally {
      await t.database.db
        .update(penaltyPolicies)
        .set({ lateCancellationAction: was!.lateCancellationAction, feeAmount: was!.feeAmount })
        .where(eq(penaltyPolicies.clientId, shop.clientId));
    }
  });

  it('staff cancelling at the desk (foh) through the v1 call follow the same money rules', async () => {
    const { bookingId, orderId } = await paidSession();
    const res = await t.request({
      method: 'PATCH',
      url: `/api/v1/activities/bookings/${bookingId}`,
      as: await staffSession(),
      payload: { update_type: 'cancellation', cancellation_source: 'foh' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({ status: 'cancelled', cancellation_source: 'foh' });
    expect((await refundsOf(orderId)).refunds.map((r) => r.amount)).toEqual([650]);
    expect((await orderOf(orderId))?.refundStatus).toBe('full');
  });

  it('a refund the provider refuses is not money back: refund_status does not read full (decision 190)', async () => {
    const { bookingId, orderId } = await paidSession();
    // The provider's books: this payment was already refunded another way (e.g. from its dashboard).
    const { t: paid } = await refundsOf(orderId);
    await t.database.db.update(sandboxCharges).set({ refunded: 650 }).where(eq(sandboxCharges.transactionUuid, paid!.uuid));
    const res = await cancel(bookingId);
    expect(res.statusCode, res.body).toBe(200);
    expect((await refundsOf(orderId)).refunds.map((r) => [r.amount, r.status])).toEqual([[650, 'failed']]);
    expect((await orderOf(orderId))?.refundStatus).toBeNull();
  });

  it('a refund carried out later by its durable job counts once the provider confirms it', async () => {
    const { bookingId, orderId } = await paidSession();
    // Cancelled, and the process gone before its immediate attempt at the refund: the refund is owed, not made.
    const now = clock.now();
    const [outcome] = await inTransaction(t.database.db, async (tx) => [
      await cancelOne(tx, t.app.deps, { clientId: shop.clientId, bookingId, source: 'my-account', now }),
    ]);
    expect(outcome).toMatchObject({ status: 'cancelled', cardRefund: 650 });
    expect((await refundsOf(orderId)).refunds.map((r) => r.status)).toEqual(['pending']);
    expect((await orderOf(orderId))?.refundStatus).toBeNull();
    // The durable job steps in (30 seconds on) and the provider refunds it.
    clock.set(new Date(now.getTime() + 60_000));
    await runDueJobs(t.app.deps, clock.now(), { definitions: appJobs });
    expect((await refundsOf(orderId)).refunds.map((r) => r.status)).toEqual(['succeeded']);
    expect((await orderOf(orderId))?.refundStatus).toBe('full');
  });
});

const ledgerOf = async (orderId: number) =>
  (await t.database.db.select().from(creditLedger).where(eq(creditLedger.orderId, orderId)))
    .filter((r) => r.amount > 0)
    .map((r) => [r.kind, r.amount]);
const cancellationOf = async (bookingId: number) =>
  (await t.database.db.select().from(bookingCancellations).where(eq(bookingCancellations.bookingId, bookingId)))[0];

describe('a schedule override: membership credit up to a day before, a strike (disable_booking and disable_access) after', () => {
  beforeAll(async () => {
    await t.database.db.insert(cancellationPolicies).values({
      clientId: shop.clientId,
      scheduleId: shop.scheduleId,
      cutOffMinutes: 1440,
      cutOffActions: ['disable_booking', 'disable_access'],
      outcome: 'membership_credit',
    });
  });
  afterAll(() => t.database.db.delete(cancellationPolicies).where(eq(cancellationPolicies.scheduleId, shop.scheduleId)));

  it('outside: the whole price back as membership credit, no strike', async () => {
    const { bookingId, orderId } = await paidSession();
    expect((await myBooking(bookingId)).cancellation).toMatchObject({
      can_cancel: true,
      cut_off_actions: ['disable_booking', 'disable_access'],
      cut_off_message: expect.stringMatching(/^Cancel before /),
      awards_credit: true,
      awards_credit_message: 'Cancel and receive £6.50 credit',
    });
    const res = await cancel(bookingId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerOf(orderId)).toEqual([['membership', 650]]);
    expect(await cancellationOf(bookingId)).toMatchObject({ inside: false, strike: false, actions: [], membershipCredit: 650 });
  });

  it('inside: says it is recorded as a late cancellation, still gives the credit, and records the strike', async () => {
    const { bookingId, orderId, startsAt } = await paidSession();
    await moveClockTo(new Date(startsAt.getTime() - 2 * H));
    expect((await myBooking(bookingId)).cancellation).toMatchObject({
      can_cancel: true,
      cut_off_message: 'Cancelling now is recorded as a late cancellation',
    });
    const res = await cancel(bookingId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerOf(orderId)).toEqual([['membership', 650]]);
    expect(await cancellationOf(bookingId)).toMatchObject({
      inside: true,
      strike: true,
      actions: ['disable_booking', 'disable_access'],
      fee: 0,
    });
  });
});

describe('a schedule override that gives nothing back (outcome none, no cut-off)', () => {
  beforeAll(async () => {
    await t.database.db.insert(cancellationPolicies).values({ clientId: shop.clientId, scheduleId: shop.scheduleId, outcome: 'none' });
  });
  afterAll(() => t.database.db.delete(cancellationPolicies).where(eq(cancellationPolicies.scheduleId, shop.scheduleId)));

  it('cancels at any time before the start, promises nothing and moves no money', async () => {
    const { bookingId, orderId, startsAt } = await paidSession();
    await moveClockTo(new Date(startsAt.getTime() - H));
    expect((await myBooking(bookingId)).cancellation).toMatchObject({
      can_cancel: true,
      cut_off: null,
      cut_off_message: null,
      awards_credit: false,
      awards_credit_message: null,
    });
    const res = await cancel(bookingId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerOf(orderId)).toEqual([]);
    expect((await orderOf(orderId))?.refundStatus).toBeNull();
    expect(await cancellationOf(bookingId)).toMatchObject({ outcome: 'none', cardRefund: 0, generalCredit: 0, membershipCredit: 0 });
  });
});
