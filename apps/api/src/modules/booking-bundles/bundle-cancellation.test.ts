import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancellationPolicies, paymentRefunds, paymentTransactions } from '../../db/schema';
import { customersAAndB } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { payBasket, programmeAt } from '../../test/programme-fixtures';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

/**
 * Issue 11's audit, item 8: a bundle's cancellation info is for the whole bundle (doc 2). With a policy refunding to
 * the card, it promised the first day's price as a refund, with awards_credit false beside a message that gave money
 * back; it now says the refund of every day that cancelling the bundle would cancel, and that is what comes back.
 */
let t: TestApp;
let b: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ b } = await customersAAndB(t));
});
afterAll(() => t.close());

const money = (pence: number) => `£${(pence / 100).toFixed(2)}`;

describe("a camp bundle's cancellation info", () => {
  it('with a refund policy: the whole bundle’s refund, awards_credit false, and cancelling it refunds exactly that', async () => {
    const camp = await programmeAt(t, 'camps', b);
    const added = await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as: b,
      payload: {
        items: [
          { id: camp.id, type: 'camp', booking_full_camp: false, camp_occurrence_ids: camp.occurrences.slice(0, 3).map((o: Json) => o.id) },
        ],
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const { complete } = await payBasket(t, b);
    expect(complete.statusCode, complete.body).toBe(200);
    const orderId = dataOf(complete).complete_order_id;
    const [bought] = dataOf(await t.request({ method: 'GET', url: `/api/my-account/booking-bundles?order_id=${orderId}`, as: b }));
    // The camp's schedule refunds to the card, with no cut-off.
    await t.database.db
      .insert(cancellationPolicies)
      .values({ clientId: await t.clientId('northfield'), scheduleId: bought.schedule_id, outcome: 'refund' });

    const url = `/api/v1/activities/booking-bundles/${bought.id}`;
    const bundle = dataOf(await t.request({ method: 'GET', url, as: b }));
    const total = bundle.bookings.reduce((n: number, x: Json) => n + x.price.value, 0);
    expect(bundle.bookings).toHaveLength(3);
    expect(total).toBe(bundle.total_price.value);
    expect(bundle.cancellation).toMatchObject({
      can_cancel: true,
      awards_credit: false,
      awards_credit_message: `Cancel and receive a ${money(total)} refund`,
    });

    const cancelled = await t.request({ method: 'DELETE', url: `${url}?cancellation_source=my-account`, as: b });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(dataOf(cancelled).bookings.map((x: Json) => x.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const [paid] = await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId));
    const refunds = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionUuid, paid!.uuid));
    expect(refunds.reduce((n, r) => n + r.amount, 0)).toBe(total);
  });
});
