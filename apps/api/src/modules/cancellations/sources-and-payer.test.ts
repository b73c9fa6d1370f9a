import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingCancellations,
  bookings,
  cancellationPolicies,
  creditLedger,
  jobs,
  occurrences,
  paymentRefunds,
  paymentTransactions,
  users,
  waitlistEntries,
} from '../../db/schema';
import { appJobs } from '../../jobs/handlers';
import { runDueJobs } from '../../jobs/runner';
import { freshSession, type Json, newCustomers, northfieldShop, type Shop } from '../../test/checkout-flow';
import { addToBasket, customersAAndB, demo, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { payBasket } from '../../test/programme-fixtures';
import { cancelBookingIds } from './service';

/**
 * Who may cancel with the venue's source, and whom a cancellation pays back (issue 11's audit, items 2 and 3):
 * 'occurrence' is the session's deletion's alone (decision 191); the money and the email go to whoever paid
 * (a parent booking for their linked child), naming the child.
 */
let t: TestApp;
let shop: Shop;
let staffAs: string;
let a: string;
let aId: number;
let samId: number;

beforeAll(async () => {
  t = await createTestApp();
  shop = await northfieldShop(t.database.db);
  staffAs = await t.sessionFor(staff.email);
  ({ a, aId } = await customersAAndB(t));
  const [sam] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, shop.clientId), eq(users.firstName, 'Sam'), eq(users.lastName, 'Morgan')));
  samId = sam!.id;
});
afterAll(() => t.close());

const occurrenceOf = async (id: string) => (await t.database.db.select().from(occurrences).where(eq(occurrences.id, id)))[0];
const bookingOf = async (id: number) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];

describe("a staff cancellation sent with the venue's source (occurrence)", () => {
  it('is refused with a 422 and changes nothing; as foh the place comes back and the waitlist is offered it', async () => {
    const { db } = t.database;
    const occurrenceId = await freshSession(db, shop, 1);
    await db.update(occurrences).set({ waitlistMaximum: 5 }).where(eq(occurrences.id, occurrenceId));
    const [holder, waiter] = await newCustomers(db, shop, 2, 'occsrc');
    const [paid] = await db
      .insert(bookings)
      .values({ clientId: shop.clientId, userId: holder!.id, occurrenceId, status: 'settled', capacityConsumed: 1, price: 650 })
      .returning();
    await db.update(occurrences).set({ capacityConsumed: 1, consumedOnline: 1 }).where(eq(occurrences.id, occurrenceId));
    const joined = await t.request({
      method: 'POST',
      url: '/api/activities/waitlist/add',
      as: waiter!.cookie,
      payload: { item: { id: occurrenceId, type: 'occurrence' } },
    });
    expect(joined.statusCode, joined.body).toBe(200);

    const message = 'Bookings are cancelled with the source occurrence only by cancelling their session; use foh to cancel this one.';
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/v1/activities/bookings/${paid!.id}`,
      as: staffAs,
      payload: { update_type: 'cancellation', cancellation_source: 'occurrence' },
    });
    expect(patched.statusCode).toBe(422);
    expect(patched.json().errors).toEqual({ cancellation_source: [message] });
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/activities/bookings/${paid!.id}?cancellation_source=occurrence`,
      as: staffAs,
    });
    expect(deleted.statusCode).toBe(422);
    // The one function every caller cancels through refuses it too while the session is on.
    const [direct] = await cancelBookingIds(t.app.deps, shop.clientId, [paid!.id], 'occurrence');
    expect(direct).toEqual({ status: 'refused', reason: message });
    expect(await bookingOf(paid!.id)).toMatchObject({ status: 'settled' });
    expect(await db.select().from(bookingCancellations).where(eq(bookingCancellations.bookingId, paid!.id))).toEqual([]);
    expect((await occurrenceOf(occurrenceId))?.capacityConsumed).toBe(1);
    const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.occurrenceId, occurrenceId));
    expect(entry?.status).toBe('waiting');

    // As foh: cancelled, the place back, and straight away held for the first in the queue.
    const foh = await t.request({
      method: 'PATCH',
      url: `/api/v1/activities/bookings/${paid!.id}`,
      as: staffAs,
      payload: { update_type: 'cancellation', cancellation_source: 'foh' },
    });
    expect(foh.statusCode, foh.body).toBe(200);
    expect(dataOf(foh)).toMatchObject({ status: 'cancelled', cancellation_source: 'foh' });
    const [offered] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.occurrenceId, occurrenceId));
    expect(offered?.status).toBe('offered');
    expect(await bookingOf(offered!.offerBookingId as number)).toMatchObject({ userId: waiter!.id, status: 'reserved' });
    expect((await occurrenceOf(occurrenceId))?.capacityConsumed).toBe(1);
  });
});

/** A fresh session two days ahead (outside Northfield's one-day cut-off: general credit), paid by Alex for Sam. */
async function paidForSam(): Promise<{ bookingId: number; orderId: number; occurrenceId: string }> {
  const occurrenceId = await freshSession(t.database.db, shop, 5);
  await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: a });
  const added = await addToBasket(t, a, occurrenceId, { purchased_for_user_id: samId });
  expect(added.statusCode, added.body).toBe(200);
  const { complete } = await payBasket(t, a);
  expect(complete.statusCode, complete.body).toBe(200);
  const [b] = await t.database.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.occurrenceId, occurrenceId), eq(bookings.userId, samId)));
  expect(b).toMatchObject({ status: 'settled' });
  return { bookingId: b!.id, orderId: b!.orderId as number, occurrenceId };
}

const creditOf = async (orderId: number) =>
  (await t.database.db.select().from(creditLedger).where(eq(creditLedger.orderId, orderId)))
    .filter((r) => r.amount > 0)
    .map((r) => ({ userId: r.userId, kind: r.kind, amount: r.amount }));
const emailsAbout = async (bookingId: number): Promise<Json[]> =>
  (
    await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'email.send'), sql`${jobs.uniqueKey} LIKE ${`${shop.clientId}:%:booking:${bookingId}`}`))
  ).map((j) => j.payload);

describe('a booking a parent paid for their linked child', () => {
  it('cancelled: the credit goes to the parent who paid, and so does the email, naming the child', async () => {
    const { bookingId, orderId } = await paidForSam();
    const res = await t.request({
      method: 'DELETE',
      url: `/api/activities/bookings/${bookingId}?source=bookings&selected_user_id=${samId}`,
      as: a,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await creditOf(orderId)).toEqual([{ userId: aId, kind: 'general', amount: 650 }]);
    const emails = (await emailsAbout(bookingId)).filter((e) => e.kind === 'cancellation');
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: demo.email, data: { customerName: 'Alex', credited: 650 } });
    expect(emails[0].data.sessions[0].attendee).toBe('Sam Morgan');
  });

  it('its session deleted by staff: the credit and the session-cancelled email go to the parent, naming the child', async () => {
    const { bookingId, orderId, occurrenceId } = await paidForSam();
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/v1/activities/occurrences/${occurrenceId}`,
      as: staffAs,
      payload: { reason: 'staff_availability' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await runDueJobs(t.app.deps, t.app.deps.clock.now(), { definitions: appJobs });
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'cancelled', cancellationSource: 'occurrence' });
    expect(await creditOf(orderId)).toEqual([{ userId: aId, kind: 'general', amount: 650 }]);
    const emails = (await emailsAbout(bookingId)).filter((e) => e.kind === 'session_cancelled');
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: demo.email, data: { customerName: 'Alex', credited: 650 } });
    expect(emails[0].data.session.attendee).toBe('Sam Morgan');
  });
});

describe('a cancellation of a booking whose session the venue has called off (decision 194)', () => {
  it("is the venue's, whoever gets there first: a customer cancelling before the session's job ran gets it all back, once", async () => {
    // Inside this schedule's cut-off the customer's own cancellation would cost £2.00 of the £6.50.
    await t.database.db.insert(cancellationPolicies).values({
      clientId: shop.clientId,
      scheduleId: shop.scheduleId,
      cutOffMinutes: 3 * 1440,
      cutOffActions: ['charge_fee'],
      feeAmount: 200,
      outcome: 'refund',
    });
    try {
      const occurrenceId = await freshSession(t.database.db, shop, 5);
      await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: a });
      expect((await addToBasket(t, a, occurrenceId)).statusCode).toBe(200);
      const { complete } = await payBasket(t, a);
      expect(complete.statusCode, complete.body).toBe(200);
      const orderId = dataOf(complete).complete_order_id;
      const [b] = await t.database.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.occurrenceId, occurrenceId), eq(bookings.userId, aId)));
      const removed = await t.request({
        method: 'DELETE',
        url: `/api/v1/activities/occurrences/${occurrenceId}`,
        as: staffAs,
        payload: { reason: 'adverse_weather' },
      });
      expect(removed.statusCode, removed.body).toBe(200);
      // The customer cancels before the session's own cancellation job has run.
      const cancelled = await t.request({ method: 'DELETE', url: `/api/activities/bookings/${b!.id}?source=bookings`, as: a });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await bookingOf(b!.id)).toMatchObject({ status: 'cancelled', cancellationSource: 'occurrence' });
      const [record] = await t.database.db.select().from(bookingCancellations).where(eq(bookingCancellations.bookingId, b!.id));
      expect(record).toMatchObject({ source: 'occurrence', fee: 0, cardRefund: 650, inside: false });
      // The job then finds it done: one refund of all of it, one email (the venue's), nothing charged.
      await runDueJobs(t.app.deps, t.app.deps.clock.now(), { definitions: appJobs });
      const [paid] = await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId));
      const refunds = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionUuid, paid!.uuid));
      expect(refunds.map((r) => [r.amount, r.status])).toEqual([[650, 'succeeded']]);
      expect((await emailsAbout(b!.id)).map((e) => e.kind)).toEqual(['session_cancelled']);
    } finally {
      await t.database.db.delete(cancellationPolicies).where(eq(cancellationPolicies.scheduleId, shop.scheduleId));
    }
  });
});
