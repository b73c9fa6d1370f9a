import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cancellationPolicies, occurrences, penalties, penaltyPolicies, sessions, staffAuditLog, users } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { creditCustomer } from '../../seed/checkout';
import { freshSession, type Json, newCustomers, northfieldShop, type Shop } from '../../test/checkout-flow';
import { staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { payBasket } from '../../test/programme-fixtures';

/** Cancelling for a customer at the desk, walk-ins, and a no-show fee paid online (decisions 165-167). */
const clock = new ManualClock();
let t: TestApp;
let shop: Shop;
let casey: string;
let caseyId: number;
let desk: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  shop = await northfieldShop(t.database.db);
  casey = await t.sessionFor(creditCustomer.email);
  caseyId = dataOf(await t.request({ method: 'GET', url: '/api/auth/user', as: casey })).id;
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
    absentAction: 'fee',
    lateCancellationAction: 'fee',
    feeAmount: 300,
    strikesToBlock: 0,
    strikeWindowDays: 0,
    blockDays: 0,
  });
  desk = await t.sessionFor(staff.email);
});
afterAll(() => t.close());

/** Moves the app's clock; sessions are kept alive, and the desk signs in again (a real one would have timed out). */
async function moveClockTo(at: Date): Promise<void> {
  clock.set(at);
  desk = await t.sessionFor(staff.email);
  await t.database.db.update(sessions).set({ expiresAt: new Date(at.getTime() + 86_400_000) });
}

/** Casey books and pays for a new session by card; its booking id and start. */
async function paidBooking(places = 5): Promise<{ bookingId: number; occurrenceId: string; startsAt: Date }> {
  await moveClockTo(new Date());
  const occurrenceId = await freshSession(t.database.db, shop, places);
  await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: casey });
  const add = await t.request({
    method: 'POST',
    url: '/api/checkout/cart/add',
    as: casey,
    payload: { items: [{ id: occurrenceId, type: 'purchasableOccurrence' }] },
  });
  expect(add.statusCode, add.body).toBe(200);
  const { complete } = await payBasket(t, casey);
  expect(complete.statusCode, complete.body).toBe(200);
  const [b] = await t.database.db
    .select({ id: bookings.id, startsAt: occurrences.startsAt })
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .where(and(eq(bookings.occurrenceId, occurrenceId), eq(bookings.userId, caseyId)));
  return { bookingId: b?.id as number, occurrenceId, startsAt: b?.startsAt as Date };
}

const deskList = async (customerId = caseyId) =>
  dataOf(await t.request({ method: 'GET', url: `/api/staff/customers/${customerId}/bookings`, as: desk }));
const cancel = (bookingId: number, payload: Json, customerId = caseyId) =>
  t.request({ method: 'POST', url: `/api/staff/customers/${customerId}/bookings/${bookingId}/cancel`, as: desk, payload });
const auditOf = async (action: string) => t.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, action));

describe('cancelling for a customer at the desk', () => {
  it('shows what cancelling costs before confirming: nothing outside the cut-off, one charge inside it', async () => {
    const { bookingId, startsAt } = await paidBooking();
    const outside = (await deskList()).find((b: Json) => b.id === bookingId);
    expect(outside).toMatchObject({ name: 'Spin', price: 650, source: 'online' });
    expect(outside.cancellation).toMatchObject({ can_cancel: true, inside: false, fee: 0, amount_back: 650, penalty: null });
    expect(outside.cancellation.message).toMatch(/^Cancel before .* to avoid a £2.00 fee$/);

    await moveClockTo(new Date(startsAt.getTime() - 3 * 3_600_000));
    const inside = (await deskList()).find((b: Json) => b.id === bookingId);
    expect(inside.cancellation).toMatchObject({
      can_cancel: true,
      inside: true,
      fee: 200,
      amount_back: 450,
      // One late cancellation is one charge: the policy's £2.00 fee, not also the penalty policy's £3.00 (decision 129).
      penalty: null,
      message: 'Cancelling now costs £2.00',
      waived: { amount_back: 650 },
    });

    const res = await cancel(bookingId, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Booking cancelled.');
    expect(dataOf(res)).toMatchObject({ booking_id: bookingId, fee: 200, card_refund: 450, waived: false });
    const [b] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(b).toMatchObject({ status: 'cancelled', cancellationSource: 'foh' });
    expect(await t.database.db.select().from(penalties).where(eq(penalties.bookingId, bookingId))).toEqual([]);
    const row = (await auditOf('booking.cancelled')).find((r) => (r.details as Json).booking_id === bookingId);
    expect(row).toMatchObject({ customerUserId: caseyId, details: { fee: 200, card_refund: 450 } });

    // Gone from the upcoming list; cancelling it again finds nothing to cancel.
    expect((await deskList()).some((x: Json) => x.id === bookingId)).toBe(false);
    expect((await cancel(bookingId, {})).statusCode).toBe(404);
  });

  it('waives the charge only with a reason, kept in the audit row: the whole price back and no penalty', async () => {
    const { bookingId, startsAt } = await paidBooking();
    await moveClockTo(new Date(startsAt.getTime() - 3 * 3_600_000));
    const noReason = await cancel(bookingId, { waive_charge: true });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual(['Give a reason for waiving the charge.']);

    const res = await cancel(bookingId, { waive_charge: true, reason: 'Hospital appointment, letter seen' });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({ fee: 0, card_refund: 650, waived: true });
    expect(await t.database.db.select().from(penalties).where(eq(penalties.bookingId, bookingId))).toEqual([]);
    const row = (await auditOf('booking.cancelled')).find((r) => (r.details as Json).booking_id === bookingId);
    expect(row?.details).toMatchObject({ charge_waived: true, reason: 'Hospital appointment, letter seen', fee: 0 });
  });

  it("refuses another customer's booking and anyone who is not a customer here", async () => {
    const { bookingId } = await paidBooking();
    const [other] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'member1@example.invalid'));
    expect((await cancel(bookingId, {}, other?.id)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/staff/customers/99999999/bookings', as: desk })).statusCode).toBe(404);
    const [still] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(still?.status).toBe('settled');
  });
});

describe('walk-ins on a register', () => {
  it('adds walk-ins while there is room (attended, source foh, audited), once each, and refuses when full or over', async () => {
    await moveClockTo(new Date());
    const occurrenceId = await freshSession(t.database.db, shop, 2);
    const [o] = await t.database.db.select().from(occurrences).where(eq(occurrences.id, occurrenceId));
    if (!o) throw new Error('no session');
    const [a, b, c] = await newCustomers(t.database.db, shop, 3, 'walkin');
    await moveClockTo(new Date(o.startsAt.getTime() + 5 * 60_000));
    const url = `/api/staff/registers/${occurrenceId}/walk-ins`;
    const add = (user_id: number) => t.request({ method: 'POST', url, as: desk, payload: { user_id } });

    const first = await add(a?.id as number);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Walk-in added.');
    expect(dataOf(first).attendees).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: a?.id }), attended: 'attended', source: 'foh' }),
    ]);
    expect(dataOf(first).session.capacity).toEqual({ maximum: 2, consumed: 1 });
    expect((await add(a?.id as number)).statusCode).toBe(409);
    expect((await add(b?.id as number)).statusCode).toBe(200);
    const full = await add(c?.id as number);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('There is no room left on this session.');
    expect((await add(99_999_999)).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'POST', url: '/api/staff/registers/nope/walk-ins', as: desk, payload: { user_id: c?.id } })).statusCode,
    ).toBe(404);
    const [after] = await t.database.db.select().from(occurrences).where(eq(occurrences.id, occurrenceId));
    expect(after).toMatchObject({ capacityConsumed: 2, consumedFoh: 2 });
    expect((await auditOf('walk_in.added')).filter((r) => (r.details as Json).occurrence_id === occurrenceId)).toHaveLength(2);

    await t.database.db.update(occurrences).set({ capacityMaximum: 10 }).where(eq(occurrences.id, occurrenceId));
    await moveClockTo(new Date(o.endsAt.getTime() + 60_000));
    const over = await add(c?.id as number);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('This session has ended or been cancelled.');
  });
});

describe('the desk share of a split capacity', () => {
  it('counts the foh share alike on the register, the desk timetable, walk-ins and desk bookings (decision 233)', async () => {
    await moveClockTo(new Date());
    const occurrenceId = await freshSession(t.database.db, shop, 4);
    // Online full (2 of 2), the desk's share with one place left (1 of 2).
    await t.database.db
      .update(occurrences)
      .set({ capacityStrategy: 'split', capacityOnline: 2, capacityFoh: 2, capacityConsumed: 3, consumedOnline: 2, consumedFoh: 1 })
      .where(eq(occurrences.id, occurrenceId));
    const [o] = await t.database.db.select().from(occurrences).where(eq(occurrences.id, occurrenceId));
    if (!o) throw new Error('no session');
    const register = dataOf(await t.request({ method: 'GET', url: `/api/staff/registers/${occurrenceId}`, as: desk }));
    expect(register.session.capacity).toEqual({ maximum: 2, consumed: 1 });
    const day = dataOf(
      await t.request({
        method: 'GET',
        url: `/api/staff/registers?venue_id=${shop.venueId}&date=${o.startsAt.toISOString().slice(0, 10)}`,
        as: desk,
      }),
    );
    expect(day.find((s: Json) => s.id === occurrenceId).capacity).toEqual({ maximum: 2, consumed: 1 });
    const around = (ms: number) => encodeURIComponent(new Date(o.startsAt.getTime() + ms).toISOString());
    const listed = await t.request({
      method: 'GET',
      url: `/api/v1/activities/occurrences?source=foh&starts_after=${around(-60_000)}&starts_before=${around(60_000)}`,
      as: desk,
    });
    expect(dataOf(listed).find((x: Json) => x.id === occurrenceId).capacity).toMatchObject({ maximum: 2, consumed: 1 });
    // The desk books the last foh place for a customer although online is full; then the desk's share is full too.
    const [a, b] = await newCustomers(t.database.db, shop, 2, 'split');
    const added = await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as: desk,
      payload: { selected_user_id: a?.id, items: [{ id: occurrenceId, type: 'purchasableOccurrence' }] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const after = dataOf(await t.request({ method: 'GET', url: `/api/staff/registers/${occurrenceId}`, as: desk }));
    expect(after.session.capacity).toEqual({ maximum: 2, consumed: 2 });
    // While that place is held, a walk-in finds no room either.
    const walkIn = await t.request({
      method: 'POST',
      url: `/api/staff/registers/${occurrenceId}/walk-ins`,
      as: desk,
      payload: { user_id: b?.id },
    });
    expect(walkIn.statusCode).toBe(409);
    expect(walkIn.json().message).toBe('There is no room left on this session.');
  });
});

describe('a no-show fee, seen and paid online', () => {
  it('an absent mark makes the fee; the customer sees it in My account and pays it by card; nobody else sees it', async () => {
    const { bookingId, occurrenceId, startsAt } = await paidBooking();
    await moveClockTo(new Date(startsAt.getTime() + 5 * 60_000));
    const marked = await t.request({
      method: 'POST',
      url: `/api/staff/registers/${occurrenceId}/attendance`,
      as: desk,
      payload: { booking_ids: [bookingId], status: 'absent' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(dataOf(await t.request({ method: 'GET', url: '/api/auth/user', as: casey })).has_outstanding_penalties).toBe(true);
    const mine = dataOf(await t.request({ method: 'GET', url: '/api/my-account/penalties', as: casey }));
    const fee = mine.find((p: Json) => p.booking?.id === bookingId);
    expect(fee).toMatchObject({ reason: 'No-show', amount: 300, status: 'outstanding', booking: { name: 'Spin' } });
    const b = await t.sessionFor('member1@example.invalid');
    await t.database.db.update(sessions).set({ expiresAt: new Date(clock.now().getTime() + 86_400_000) });
    expect((await t.request({ method: 'GET', url: `/api/my-account/penalties?selected_user_id=${caseyId}`, as: b })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/my-account/penalties' })).statusCode).toBe(401);

    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: casey });
    const add = await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as: casey,
      payload: { items: [{ id: fee.id, type: 'penalty' }] },
    });
    expect(add.statusCode, add.body).toBe(200);
    const { complete } = await payBasket(t, casey);
    expect(complete.statusCode, complete.body).toBe(200);
    const after = dataOf(await t.request({ method: 'GET', url: '/api/my-account/penalties', as: casey })).find(
      (p: Json) => p.id === fee.id,
    );
    expect(after.status).toBe('paid');
  });

  it("the spec's attendance update makes the same fee, audited", async () => {
    const { bookingId, startsAt } = await paidBooking();
    await moveClockTo(new Date(startsAt.getTime() + 5 * 60_000));
    const res = await t.request({
      method: 'PATCH',
      url: `/api/v1/activities/bookings/${bookingId}`,
      as: desk,
      payload: { booking_ids: [bookingId], status: 'absent' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const owed = await t.database.db.select().from(penalties).where(eq(penalties.bookingId, bookingId));
    expect(owed).toEqual([expect.objectContaining({ reason: 'No-show', amount: 300, status: 'outstanding' })]);
    const row = (await auditOf('attendance.marked')).find((r) => (r.details as Json).booking_id === bookingId);
    expect(row).toMatchObject({ customerUserId: caseyId, details: { status: 'absent' } });
  });
});
