import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPenalties, cancellationPolicies, penaltyPolicies, sessions } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { creditCustomer } from '../../seed/checkout';
import { freshSession, type Json, northfieldShop, type Shop } from '../../test/checkout-flow';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { payBasket } from '../../test/programme-fixtures';

/** The hook in cancellations (issue 15): a customer's own cancellation inside the cut-off makes the policy's penalty. */
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
  // A cut-off a customer may still cancel inside (for a fee), so the cancellation goes through inside it.
  await t.database.db.insert(cancellationPolicies).values({
    clientId: shop.clientId,
    scheduleId: shop.scheduleId,
    cutOffMinutes: 720,
    cutOffActions: ['charge_fee'],
    feeAmount: 200,
    outcome: 'refund',
  });
  // The demo's own no-show policy (seed/demo.ts) makes way for this file's.
  await t.database.db.delete(penaltyPolicies).where(eq(penaltyPolicies.clientId, shop.clientId));
  await t.database.db.insert(penaltyPolicies).values({
    clientId: shop.clientId,
    absentAction: 'none',
    lateCancellationAction: 'strike',
    feeAmount: 0,
    strikesToBlock: 1,
    strikeWindowDays: 30,
    blockDays: 7,
  });
});
afterAll(() => t.close());

async function paidBooking(): Promise<{ bookingId: number; startsAt: Date }> {
  clock.set(new Date());
  const occurrenceId = await freshSession(t.database.db, shop, 5);
  const add = await t.request({
    method: 'POST',
    url: '/api/checkout/cart/add',
    as: casey,
    payload: { items: [{ id: occurrenceId, type: 'purchasableOccurrence' }] },
  });
  expect(add.statusCode, add.body).toBe(200);
  const { complete } = await payBasket(t, casey);
  expect(complete.statusCode, complete.body).toBe(200);
  const staff = await t.sessionFor('staff@example.com');
  const list = dataOf(await t.request({ method: 'GET', url: `/api/v1/activities/bookings?occurrence_id=${occurrenceId}`, as: staff }));
  const b = list.find((x: Json) => x.user_id === caseyId);
  return { bookingId: b.id, startsAt: new Date(b.starts_at.utc) };
}

async function moveClockTo(at: Date): Promise<void> {
  clock.set(at);
  await t.database.db.update(sessions).set({ expiresAt: new Date(at.getTime() + 86_400_000) });
}

describe('late cancellation penalty', () => {
  it('a cancellation outside the cut-off costs nothing; inside it, one strike', async () => {
    const early = await paidBooking();
    expect(
      (await t.request({ method: 'DELETE', url: `/api/activities/bookings/${early.bookingId}/?source=bookings`, as: casey })).statusCode,
    ).toBe(200);
    expect(await t.database.db.select().from(bookingPenalties).where(eq(bookingPenalties.bookingId, early.bookingId))).toEqual([]);

    const late = await paidBooking();
    await moveClockTo(new Date(late.startsAt.getTime() - 3 * 3_600_000));
    const res = await t.request({ method: 'DELETE', url: `/api/activities/bookings/${late.bookingId}/?source=bookings`, as: casey });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db.select().from(bookingPenalties).where(eq(bookingPenalties.bookingId, late.bookingId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'late_cancellation', kind: 'strike', userId: caseyId, penaltyId: null });
  });

  it('the strike blocks online adds with a clear 403; staff at the desk still book for the customer', async () => {
    const occurrenceId = await freshSession(t.database.db, shop, 5);
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: casey });
    const items = [{ id: occurrenceId, type: 'purchasableOccurrence' }];
    const refused = await t.request({ method: 'POST', url: '/api/checkout/cart/add', as: casey, payload: { items } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(
      /^Online booking is paused on your account until \d{1,2} \w+ \d{4} because of missed sessions\./,
    );
    const staff = await t.sessionFor('staff@example.com');
    await moveClockTo(clock.now());
    const desk = await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as: staff,
      payload: { items, selected_user_id: caseyId },
    });
    expect(desk.statusCode, desk.body).toBe(200);
    // When the block ends is onlineBookingBlockedUntil's rule, covered in packages/domain penalties tests.
  });
});
