import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, membershipPlans, occurrences, sessions } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { creditCustomer } from '../../seed/checkout';
import { customersAAndB, openSpin, payForSpin, sessionsOf, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { payBasket, programmeAt } from '../../test/programme-fixtures';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

const clock = new ManualClock();
let t: TestApp;
let a: string;
let b: string;
let aId: number;
let staffAs: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ a, b, aId } = await customersAAndB(t));
  staffAs = await t.sessionFor(staff.email);
});
afterAll(() => t.close());

const get = (url: string, as?: string) => t.request({ method: 'GET', url, ...(as ? { as } : {}) });
const add = (as: string, items: Json[]) => t.request({ method: 'POST', url: '/api/checkout/cart/add', as, payload: { items } });
const consumed = async (id: string) => (await t.database.db.select().from(occurrences).where(eq(occurrences.id, id)))[0]?.capacityConsumed;

describe('the staff bookings list (doc 2)', () => {
  let order: Json;
  beforeAll(async () => {
    order = await payForSpin(t, a);
  });

  it('is refused to visitors, customers and staff of another client', async () => {
    expect((await get('/api/v1/activities/bookings')).statusCode).toBe(401);
    expect((await get('/api/v1/activities/bookings', a)).statusCode).toBe(403);
    const riversideStaff = await t.sessionFor(staff.email, 'riverside');
    expect((await get('/api/v1/activities/bookings', riversideStaff)).statusCode).toBe(401);
    const there = { 'client-domain-identifier': 'riverside' };
    const theirs = await t.request({
      method: 'GET',
      url: `/api/v1/activities/bookings?user_id=${aId}`,
      as: riversideStaff,
      headers: there,
    });
    expect(dataOf(theirs)).toEqual([]);
    const selected = await t.request({
      method: 'GET',
      url: `/api/v1/activities/bookings?selected_user_id=${aId}`,
      as: riversideStaff,
      headers: there,
    });
    expect(selected.statusCode).toBe(404);
  });

  it('lists paid bookings by default, filtered by person, session, window and status, with doc 2 meta', async () => {
    const booking = order.line_items[0].booking;
    // From now on: the demo customer's place on the seed's started 'Early spin' (decision 237) is behind us.
    const fromNow = `starts_after=${encodeURIComponent(new Date().toISOString())}`;
    const mine = await get(`/api/v1/activities/bookings?user_id=${aId}&${fromNow}`, staffAs);
    expect(mine.statusCode).toBe(200);
    expect(dataOf(mine)).toEqual([
      expect.objectContaining({
        id: booking.id,
        user_id: aId,
        user_reference: expect.any(String),
        first_name: 'Alex',
        status: 'settled',
        is_v2: true,
        booking_type: 'classes',
        category: expect.objectContaining({ slug: 'spin' }),
        venue: expect.objectContaining({ slug: 'harrogate' }),
        price: expect.objectContaining({ formatted: '£6.50' }),
        order: { id: order.id, status: 'success' },
        booking_bundle_context: null,
        attended: null,
        // Northfield's demo policy: credit up to a day before, no cancelling after (decision 100).
        cancellation: expect.objectContaining({ can_cancel: true, cut_off_actions: ['disable_cancelling'], awards_credit: true }),
      }),
    ]);
    expect(mine.json().meta).toMatchObject({ current_page: 1, records_per_page: 20, total_records: 1, sort_by: 'starts_at' });
    const occurrenceId = dataOf(mine)[0].occurrence_id;
    const bySession = dataOf(await get(`/api/v1/activities/bookings?occurrence_id=${occurrenceId}&per_page=100`, staffAs));
    expect(bySession.map((x: Json) => x.id)).toContain(booking.id);
    expect(dataOf(await get(`/api/v1/activities/bookings?selected_user_id=${aId}&status[]=cancelled`, staffAs))).toEqual([]);
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString();
    expect(dataOf(await get(`/api/v1/activities/bookings?user_id=${aId}&starts_after=${far}`, staffAs))).toEqual([]);
    const all = await get('/api/v1/activities/bookings?bypass_pagination=true&per_page=1', staffAs);
    expect(all.json().meta.records_per_page).toBe(1000);
    expect(dataOf(all).length).toBeGreaterThan(1);
    for (const bad of ['per_page=101', 'page=0', 'starts_after=tomorrow', 'status=booked', 'cancellation_source=web', 'user_id=0']) {
      expect([bad, (await get(`/api/v1/activities/bookings?${bad}`, staffAs)).statusCode]).toEqual([bad, 422]);
    }
  });

  it('shows one booking to its owner and staff, and cancels it through the trailing-slash form', async () => {
    const booking = order.line_items[0].booking;
    expect(dataOf(await get(`/api/v1/activities/bookings/${booking.id}`, a)).id).toBe(booking.id);
    expect((await get(`/api/v1/activities/bookings/${booking.id}`, b)).statusCode).toBe(404);
    const cancelled = await t.request({ method: 'DELETE', url: `/api/activities/bookings/${booking.id}/?source=bookings`, as: a });
    expect(cancelled.statusCode).toBe(200);
    expect(dataOf(cancelled).status).toBe('cancelled');
    const listed = dataOf(await get(`/api/v1/activities/bookings?user_id=${aId}&status=cancelled&cancellation_source=my-account`, staffAs));
    expect(listed.map((x: Json) => x.id)).toEqual([booking.id]);
  });
});

describe('booking bundles: cancel and attendance', () => {
  let bundle: Json;
  beforeAll(async () => {
    const camp = await programmeAt(t, 'camps', b);
    await add(b, [
      { id: camp.id, type: 'camp', booking_full_camp: false, camp_occurrence_ids: camp.occurrences.slice(0, 3).map((o: Json) => o.id) },
    ]);
    const { complete } = await payBasket(t, b);
    expect(complete.statusCode).toBe(200);
    [bundle] = dataOf(await get(`/api/my-account/booking-bundles?order_id=${dataOf(complete).complete_order_id}`, b));
  });

  it('refuses attendance to customers, and for sessions that have not started', async () => {
    const url = `/api/v1/activities/booking-bundles/${bundle.id}`;
    expect((await t.request({ method: 'PATCH', url, as: b, payload: { status: 'attended' } })).statusCode).toBe(403);
    expect((await t.request({ method: 'PATCH', url, as: a, payload: { status: 'attended' } })).statusCode).toBe(404);
    const early = await t.request({
      method: 'PATCH',
      url,
      as: staffAs,
      payload: { data: { booking_ids: [bundle.bookings[0].id], status: 'absent' } },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This session has not started yet.');
    const bad = await t.request({ method: 'PATCH', url, as: staffAs, payload: { status: 'late' } });
    expect(bad.statusCode).toBe(422);
    const stranger = await t.request({ method: 'PATCH', url, as: staffAs, payload: { booking_ids: [1], status: 'attended' } });
    expect(stranger.json().errors).toEqual({ booking_ids: ['The booking is not part of this booking.'] });
  });

  it('lets the owner cancel one session of it, giving the place back, and staff the rest', async () => {
    const url = `/api/v1/activities/booking-bundles/${bundle.id}`;
    const first = bundle.bookings[0];
    const before = await consumed(first.occurrence_id);
    const wrongSource = await t.request({
      method: 'PATCH',
      url,
      as: b,
      payload: { update_type: 'cancellation', cancellation_source: 'foh' },
    });
    expect(wrongSource.statusCode).toBe(422);
    const one = await t.request({
      method: 'PATCH',
      url,
      as: b,
      payload: { update_type: 'cancellation', cancellation_source: 'my-account', booking_ids: [first.id] },
    });
    expect(one.statusCode).toBe(200);
    expect(dataOf(one).bookings.map((x: Json) => x.status)).toEqual(['cancelled', 'settled', 'settled']);
    expect(await consumed(first.occurrence_id)).toBe((before as number) - 1);
    const again = await t.request({
      method: 'PATCH',
      url,
      as: b,
      payload: { update_type: 'cancellation', cancellation_source: 'my-account', booking_ids: [first.id] },
    });
    expect(again.statusCode).toBe(409);
    const rest = await t.request({ method: 'DELETE', url: `${url}?cancellation_source=foh`, as: staffAs });
    expect(dataOf(rest)).toMatchObject({ status: 'cancelled', cancellation: { can_cancel: false } });
    expect(dataOf(rest).bookings.map((x: Json) => x.cancellation_source)).toEqual(['my-account', 'foh', 'foh']);
  });

  it('marks attendance once the sessions have started', async () => {
    const bought = await payForSpin(t, a);
    const booking = bought.line_items[0].booking;
    // Move past the session's start (and keep the test sessions alive past it).
    clock.set(new Date(new Date(booking.starts_at.utc).getTime() + 60_000));
    await t.database.db.update(sessions).set({ expiresAt: sql`now() + interval '30 days'` });
    // A desk signed in at the session's start (the suite's own desk would have timed out over the jump, decision 230).
    const desk = await t.sessionFor(staff.email);
    const marked = await t.request({
      method: 'PATCH',
      url: `/api/v1/activities/bookings/${booking.id}`,
      as: desk,
      payload: { status: 'attended' },
    });
    expect(marked.statusCode).toBe(200);
    expect(dataOf(marked).attended).toBe('attended');
    expect(dataOf(await get(`/api/v1/activities/bookings?user_id=${aId}`, desk)).find((x: Json) => x.id === booking.id).attended).toBe(
      'attended',
    );
    clock.set(new Date());
  });
});

describe('the rest of a camp as the full camp', () => {
  it('prices and books what is left once some days are booked', async () => {
    const camp = await programmeAt(t, 'camps', a, 'Summer multi-sport camp');
    expect(camp).toMatchObject({ duration_in_weeks: 2, price: { value: 18000 }, bookable_action: { action: 'book' } });
    expect(camp.occurrences).toHaveLength(10);
    const three = camp.occurrences.slice(0, 3).map((o: Json) => o.id);
    const days = await add(a, [{ id: camp.id, type: 'camp', booking_full_camp: false, camp_occurrence_ids: three }]);
    expect(days.statusCode).toBe(200);
    // The camp's consent form, agreed once for Alex, covers both orders.
    const consent = dataOf(days).attendee_waivers[0].restriction_id;
    const agreed = await t.request({
      method: 'POST',
      url: '/api/activities/question-waivers',
      as: a,
      payload: { waivers: [{ restriction_id: consent, user_id: aId, agreed: true }] },
    });
    expect(agreed.statusCode).toBe(200);
    // In the basket, the camp is reserved: nothing more is added until it is paid or removed.
    expect((await programmeAt(t, 'camps', a, 'Summer multi-sport camp')).bookable_action).toEqual({
      action: 'cancel_reservation',
      message: null,
    });
    expect((await add(a, [{ id: camp.id, type: 'camp', booking_full_camp: true }])).json().code).toBe('already_in_basket');
    expect((await payBasket(t, a)).complete.statusCode).toBe(200);

    const after = await programmeAt(t, 'camps', a, 'Summer multi-sport camp');
    expect(after.bookable_action).toEqual({ action: null, message: 'You have already booked some sessions of this camp' });
    expect(after.occurrences.slice(0, 3).map((o: Json) => o.bookable_action.action)).toEqual([
      'cancel_booking',
      'cancel_booking',
      'cancel_booking',
    ]);
    // £180 less the £66 paid for three days: £114 for the other seven (under 7 x £22).
    expect(after.price).toMatchObject({ value: 11400 });
    const rest = await add(a, [{ id: camp.id, type: 'camp', booking_full_camp: true }]);
    expect(rest.statusCode).toBe(200);
    expect(dataOf(rest).items[0]).toMatchObject({
      price: { value: 11400 },
      occurrence_ids: camp.occurrences.slice(3).map((o: Json) => o.id),
    });
    // Each of the seven bookings carries its share, and the shares add up to the £114.00 (a refund of one day gives
    // back its part; of all seven, what was paid): four at £16.29 and three at £16.28, the earlier days first.
    const shares = await t.database.db
      .select({ price: bookings.price })
      .from(bookings)
      .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
      .where(eq(bookings.cartItemId, dataOf(rest).items[0].id))
      .orderBy(occurrences.startsAt);
    expect(shares.map((b) => b.price)).toEqual([1629, 1629, 1629, 1629, 1628, 1628, 1628]);
    expect((await payBasket(t, a)).complete.statusCode).toBe(200);
    expect((await programmeAt(t, 'camps', a, 'Summer multi-sport camp')).bookable_action).toEqual({
      action: 'cancel_booking',
      message: null,
    });
    expect((await add(a, [{ id: camp.id, type: 'camp', booking_full_camp: true }])).json().code).toBe('already_booked');
  });
});

describe('a camp booked by the day when a day is full or it has started (doc 2, section 4)', () => {
  const clear = (as: string) => t.request({ method: 'DELETE', url: '/api/checkout/cart', as });
  const summerCamp = (as: string) => programmeAt(t, 'camps', as, 'Summer multi-sport camp');

  it('takes the days that can be had when one day is full, and refuses the whole camp', async () => {
    const camp = await summerCamp(b);
    const full = camp.occurrences[4].id;
    await t.database.db
      .update(occurrences)
      .set({ capacityConsumed: sql`${occurrences.capacityMaximum}` })
      .where(eq(occurrences.id, full));
    try {
      const now = await summerCamp(b);
      // The whole camp cannot be had: its action says why; each day's own action says which can.
      expect(now.bookable_action).toEqual({ action: null, message: 'Sold out' });
      expect(now.occurrences[4].bookable_action.action).not.toBe('book');
      expect(now.occurrences.filter((o: Json) => o.bookable_action.action === 'book')).toHaveLength(9);
      const days = [now.occurrences[3].id, now.occurrences[5].id];
      const res = await add(b, [{ id: camp.id, type: 'camp', booking_full_camp: false, camp_occurrence_ids: days }]);
      expect(res.statusCode).toBe(200);
      expect(dataOf(res).items[0]).toMatchObject({ price: { value: 2 * 2200 }, occurrence_ids: days });
      await clear(b);
      expect((await add(b, [{ id: camp.id, type: 'camp', booking_full_camp: true }])).json().code).toBe('occurrence_full');
    } finally {
      await t.database.db
        .update(occurrences)
        .set({ capacityConsumed: camp.occurrences[4].capacity.consumed })
        .where(eq(occurrences.id, full));
      await clear(b);
    }
  });

  it('takes the days still to come once it has started, and refuses the whole camp and a day gone by', async () => {
    const camp = await summerCamp(b);
    const started = new Date(new Date(camp.occurrences[0].starts_at.utc).getTime() + 3_600_000);
    // The camp may be more than a login's lifetime away: the session lasts until then.
    await t.database.db.update(sessions).set({ expiresAt: new Date(started.getTime() + 86_400_000) });
    clock.set(started);
    try {
      const now = await summerCamp(b);
      expect(now.bookable_action).toEqual({ action: null, message: 'This has already started' });
      expect(now.price).toBeNull();
      const days = now.occurrences.slice(1, 4).map((o: Json) => o.id);
      const res = await add(b, [{ id: camp.id, type: 'camp', booking_full_camp: false, camp_occurrence_ids: days }]);
      expect(res.statusCode).toBe(200);
      expect(dataOf(res).items[0]).toMatchObject({ price: { value: 3 * 2200 }, occurrence_ids: days });
      await clear(b);
      const whole = await add(b, [{ id: camp.id, type: 'camp', booking_full_camp: true }]);
      expect(whole.statusCode).toBe(409);
      expect(whole.json()).toMatchObject({ code: 'occurrence_not_bookable', message: 'This has already started' });
      const past = await add(b, [{ id: camp.id, type: 'camp', booking_full_camp: false, camp_occurrence_ids: [now.occurrences[0].id] }]);
      expect(past.json().errors['items.0.camp_occurrence_ids']).toEqual(['The selected session is not part of this camp.']);
    } finally {
      clock.set(new Date());
      await clear(b);
    }
  });
});

describe('ticket discounts by customer reference', () => {
  it("answers each ticket's price for the customer named, with their membership discount", async () => {
    const casey = await t.sessionFor(creditCustomer.email);
    const me = dataOf(await get('/api/auth/user', casey));
    const [session] = await sessionsOf(t, 'public-swim', casey);
    // Casey's Monthly Flex membership gives 20% off activities.
    await t.database.db.update(membershipPlans).set({ activityDiscountPercent: 20 }).where(eq(membershipPlans.name, 'Monthly Flex'));
    const url = `/api/activities/price/harrogate/ticket/${session.id}`;
    const res = await t.request({
      method: 'POST',
      url,
      as: casey,
      payload: { reference: me.reference.toLowerCase(), is_v2: true, occurrence_id: session.id },
    });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toMatchObject({ customer_id: me.id, discount_percent: 20 });
    expect(dataOf(res).tickets[0]).toMatchObject({
      name: 'Adult',
      price: { value: 550 },
      discounted_price: { value: 440 },
      discount_applied: true,
    });
    // Someone else's reference is answered as an unknown one: 400 with the server's message.
    const other = await t.request({ method: 'POST', url, as: a, payload: { reference: me.reference } });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('No customer was found with this reference.');
    expect((await t.request({ method: 'POST', url, as: staffAs, payload: { reference: me.reference } })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url, payload: { reference: me.reference } })).statusCode).toBe(401);
    const spin = await openSpin(t, a);
    const notTicketed = await t.request({
      method: 'POST',
      url: `/api/activities/price/harrogate/ticket/${spin.id}`,
      as: staffAs,
      payload: { reference: me.reference },
    });
    expect(notTicketed.json()).toMatchObject({ message: 'This session is not sold by ticket.' });
  });

  it('prices a ticket named for a customer at their discount in the basket, and shows it on the line', async () => {
    const casey = await t.sessionFor(creditCustomer.email);
    const me = dataOf(await get('/api/auth/user', casey));
    const [session] = await sessionsOf(t, 'public-swim', casey);
    await t.database.db.update(membershipPlans).set({ activityDiscountPercent: 20 }).where(eq(membershipPlans.name, 'Monthly Flex'));
    const priced = dataOf(
      await t.request({
        method: 'POST',
        url: `/api/activities/price/harrogate/ticket/${session.id}`,
        as: casey,
        payload: { reference: me.reference },
      }),
    );
    const adult = priced.tickets.find((tk: Json) => tk.name === 'Adult').id;
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: casey });
    // Someone the caller may not name is refused on the ticket's field, with the price call's words.
    const refused = await add(casey, [
      { id: session.id, type: 'purchasableOccurrence', tickets: [{ id: adult, quantity: 1, customer_reference: 'NOT-A-REF' }] },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'items.0.tickets.0.customer_reference': ['No customer was found with this reference.'] });
    const added = await add(casey, [
      {
        id: session.id,
        type: 'purchasableOccurrence',
        tickets: [
          { id: adult, quantity: 1 },
          { id: adult, quantity: 1, customer_reference: me.reference.toLowerCase() },
        ],
      },
    ]);
    expect(added.statusCode).toBe(200);
    const line = dataOf(added).items[0];
    expect(line.line_total.value).toBe(550 + 440);
    expect(line.child_items).toEqual([
      expect.objectContaining({
        quantity: 1,
        price: expect.objectContaining({ value: 550 }),
        customer_reference: null,
        discount_percent: 0,
      }),
      expect.objectContaining({
        quantity: 1,
        price: expect.objectContaining({ value: 440 }),
        full_price: expect.objectContaining({ value: 550 }),
        customer_reference: me.reference,
        customer_name: `${me.first_name} ${me.last_name}`,
        discount_percent: 20,
      }),
    ]);
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: casey });
  });
});

describe('venues for online joining', () => {
  it('lists the venues where the client sells memberships online, and nothing where it does not', async () => {
    expect((await get('/api/venues/online-joining')).statusCode).toBe(404);
    const riverside = await t.request({
      method: 'GET',
      url: '/api/venues/online-joining',
      headers: { 'client-domain-identifier': 'riverside' },
    });
    expect(
      dataOf(riverside)
        .map((v: Json) => v.slug)
        .sort(),
    ).toEqual(['ludlow', 'shrewsbury']);
  });
});
