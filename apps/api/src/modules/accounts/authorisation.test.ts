import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, clients, occurrences, savedCards, staffRoles, users } from '../../db/schema';
import { freshSession, newCustomers, northfieldShop } from '../../test/checkout-flow';
import { addToBasket, customersAAndB, demo, openSpin, payForSpin, soldOutSpin, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { answersFor, payBasket, programmeAt, waiverIdsOf } from '../../test/programme-fixtures';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

let t: TestApp;
/** Customer A and customer B, as `customersAAndB` makes them. */
let a: string;
let b: string;
let aId: number;
let samId: number;
let staffAs: string;
/** The demo customer's own account at another client (riverside): same person, same email, no rights here. */
let riversideA: string;
let order: Json;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, aId } = await customersAAndB(t));
  staffAs = await t.sessionFor(staff.email);
  riversideA = await t.sessionFor(demo.email, 'riverside');
  samId = dataOf(await t.request({ method: 'GET', url: '/api/my-account/linked-users', as: a }))[0].referenced_user.id;
  order = await buy(a);
});
afterAll(() => t.close());

const buy = (as: string, selectedUserId?: number) => payForSpin(t, as, selectedUserId);
const get = (url: string, as: string) => t.request({ method: 'GET', url, as });

/** Method, URL, body; 'public' when a visitor gets the route's public view (a course, the camps) rather than 401. */
type Attempt = [string, string, Json?, 'public'?];

/**
 * Only the owner: customer B, and the same person's account at another client (on that client's address), get 404
 * (nothing says the id exists), nobody logged in gets 401, and none of them changes anything (each test checks the
 * owner's data afterwards). The owner's own reads answer 200 with `Cache-Control: no-store`, so no browser, proxy
 * or CDN keeps them.
 */
async function expectOwnerOnly(attempts: Attempt[], owner: string): Promise<void> {
  const others: [string, string | undefined, Record<string, string>, number][] = [
    ['customer B', b, {}, 404],
    ['nobody', undefined, {}, 401],
    ['another client', riversideA, { 'client-domain-identifier': 'riverside' }, 404],
  ];
  for (const [method, url, payload, view] of attempts) {
    for (const [who, as, headers, refused] of others) {
      const status = view === 'public' && !as ? 200 : refused;
      // At another client an id in the body is simply not one of that client's: refused as invalid input (422),
      // as any unknown id would be there, which tells nothing either.
      const allowed = who === 'another client' && payload ? [status, 422] : [status];
      const res = await t.request({ method: method as 'GET', url, headers, ...(as ? { as } : {}), ...(payload ? { payload } : {}) });
      expect([who, method, url, allowed.includes(res.statusCode)]).toEqual([who, method, url, true]);
    }
  }
  for (const [method, url] of attempts) {
    if (method !== 'GET') continue;
    const res = await get(url, owner);
    expect(['owner', url, res.statusCode, res.headers['cache-control']]).toEqual(['owner', url, 200, 'no-store']);
  }
}

describe('authorisation: customer B and customer A', () => {
  it("gets 404 for every id-taking route on A's bookings, orders, basket, details and linked users, and changes nothing", async () => {
    const bookingId = order.line_items[0].booking.id;
    const linkId = dataOf(await get('/api/my-account/linked-users', a)).find((l: Json) => l.referenced_user.id === samId).id;
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: a });
    const basket = dataOf(await addToBasket(t, a, (await openSpin(t, a)).id));
    const cartItemId = basket.items[0].id;
    const full = await soldOutSpin(t);
    const joined = await t.request({
      method: 'POST',
      url: '/api/activities/waitlist/add',
      as: a,
      payload: { item: { id: full.id, type: 'purchasableOccurrence' } },
    });
    expect(joined.statusCode).toBe(200);
    const entryId = dataOf(joined).id;

    const attempts: Attempt[] = [
      ['GET', `/api/orders/${order.id}`],
      ['DELETE', `/api/activities/bookings/${bookingId}?source=bookings`],
      ['GET', `/api/my-account/bookings?selected_user_id=${aId}`],
      ['GET', `/api/my-account/waitlists?selected_user_id=${aId}`],
      ['GET', `/api/my-account/payments?selected_user_id=${aId}`],
      ['GET', `/api/my-account/memberships?selected_user_id=${aId}`],
      ['GET', `/api/my-account/packages?selected_user_id=${aId}`],
      ['GET', `/api/my-account/details?selected_user_id=${aId}`],
      ['PUT', `/api/my-account/details?selected_user_id=${aId}`, { first_name: 'Mallory' }],
      ['GET', `/api/checkout/cart?selected_user_id=${aId}`],
      ['DELETE', `/api/checkout/cart?selected_user_id=${aId}`],
      ['POST', '/api/checkout/cart/remove', { cart_item_ids: [cartItemId] }],
      ['POST', `/api/checkout/cart/remove?selected_user_id=${aId}`, { cart_item_ids: [cartItemId] }],
      ['GET', `/api/checkout/prepare?selected_user_id=${aId}`],
      ['GET', `/api/my-account/linked-users/${linkId}`],
      ['POST', `/api/my-account/linked-users/${linkId}/accept`],
      ['DELETE', `/api/my-account/linked-users/${linkId}`],
      ['GET', `/api/my-account/details?selected_user_id=${samId}`],
      ['GET', `/api/my-account/bookings?selected_user_id=${samId}`],
      ['DELETE', `/api/activities/waitlist/remove/${entryId}`],
      ['DELETE', `/api/v1/activities/occurrences/${full.id}/waitlist/members/${aId}`],
      ['POST', `/api/v1/activities/occurrences/${full.id}/waitlist/members`, { data: { user_id: samId } }],
    ];
    await expectOwnerOnly(attempts, a);

    expect(dataOf(await get(`/api/orders/${order.id}`, a)).id).toBe(order.id);
    const still = dataOf(await get('/api/my-account/bookings', a)).find((x: Json) => x.id === bookingId);
    expect(still.status).toBe('settled');
    expect(dataOf(await get('/api/my-account/details', a)).first_name).toBe('Alex');
    expect(dataOf(await get('/api/checkout/cart', a)).items.map((i: Json) => i.id)).toEqual([cartItemId]);
    expect(dataOf(await get(`/api/my-account/linked-users/${linkId}`, a)).status).toBe('successful');
    expect((await t.request({ method: 'DELETE', url: `/api/activities/waitlist/remove/${entryId}`, as: a })).statusCode).toBe(200);
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: a });
  });

  it("gets 404 for A's course bundles, bookings, answers and waivers on every new personal route, and 403 on the staff list", async () => {
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: a });
    const course = await programmeAt(t, 'courses', a);
    const added = await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as: a,
      payload: {
        items: [
          { id: course.id, type: 'course', custom_question_answers: answersFor(course), activity_restriction_ids: waiverIdsOf(course) },
        ],
      },
    });
    expect(added.statusCode).toBe(200);
    expect((await payBasket(t, a)).complete.statusCode).toBe(200);
    const [bundle] = dataOf(await get('/api/my-account/booking-bundles', a));
    const bookingId = bundle.bookings[0].id;
    const spin = await openSpin(t, a);
    const basket = dataOf(await addToBasket(t, a, spin.id));
    const waiver = course.occurrences[0].restrictions?.pre_purchase_waiver?.id ?? bundle.waivers[0].restriction_id;
    const cancel = { update_type: 'cancellation', cancellation_source: 'my-account' };

    const attempts: Attempt[] = [
      ['GET', `/api/v1/activities/booking-bundles/${bundle.id}`],
      ['PATCH', `/api/v1/activities/booking-bundles/${bundle.id}`, cancel],
      ['DELETE', `/api/v1/activities/booking-bundles/${bundle.id}`],
      ['GET', `/api/v1/activities/bookings/${bookingId}`],
      ['PATCH', `/api/v1/activities/bookings/${bookingId}`, cancel],
      ['DELETE', `/api/v1/activities/bookings/${bookingId}`],
      ['DELETE', `/api/activities/bookings/${bookingId}/?source=bookings`],
      ['GET', `/api/my-account/booking-bundles?selected_user_id=${aId}`],
      ['GET', `/api/my-account/booking-bundles?selected_user_id=${samId}`],
      ['GET', `/api/v1/activities/courses/${course.id}?selected_user_id=${aId}`, undefined, 'public'],
      ['GET', `/api/v1/activities/camps?selected_user_id=${samId}`, undefined, 'public'],
      ['GET', `/api/activities/${waiver}/question-waivers/previous-attendees?selected_user_id=${aId}`],
      ['POST', '/api/activities/question-waivers', { waivers: [{ restriction_id: waiver, user_id: samId, agreed: true }] }],
      ['POST', '/api/activities/question-waivers', { waivers: [{ restriction_id: waiver, user_id: aId, agreed: true }] }],
      ['POST', `/api/activities/cart/${basket.id}/questions`, { answers: [] }],
      ['POST', `/api/activities/occurrences/${spin.id}/questions/answers`, { answers: [], selected_user_id: aId }],
      ['POST', `/api/activities/${spin.category_id}/questions/answers`, { answers: [], selected_user_id: aId }],
    ];
    await expectOwnerOnly(attempts, a);
    expect((await get('/api/v1/activities/bookings', b)).statusCode).toBe(403);
    expect((await get(`/api/v1/activities/bookings?user_id=${aId}`, b)).statusCode).toBe(403);

    // Nothing changed: A's bundle is still booked, with its answers, and staff can read it.
    const still = dataOf(await get(`/api/v1/activities/booking-bundles/${bundle.id}`, a));
    expect(still.status).toBe('settled');
    expect(still.custom_question_sections).toEqual(bundle.custom_question_sections);
    expect(dataOf(await get(`/api/v1/activities/booking-bundles/${bundle.id}`, staffAs)).id).toBe(bundle.id);
    const riverside = await t.sessionFor(staff.email, 'riverside');
    const there = { 'client-domain-identifier': 'riverside' };
    expect(
      (await t.request({ method: 'GET', url: `/api/v1/activities/booking-bundles/${bundle.id}`, as: riverside, headers: there }))
        .statusCode,
    ).toBe(404);
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: a });
  });

  it('lets a parent put a linked child on a waitlist, and take them off', async () => {
    const full = await soldOutSpin(t);
    const joined = await t.request({
      method: 'POST',
      url: `/api/v1/activities/occurrences/${full.id}/waitlist/members`,
      as: a,
      payload: { data: { user_id: samId } },
    });
    expect(joined.statusCode).toBe(200);
    expect(dataOf(joined).user_id).toBe(samId);
    const left = await t.request({ method: 'DELETE', url: `/api/activities/waitlist/remove/${dataOf(joined).id}`, as: a });
    expect(left.statusCode).toBe(200);
  });

  it('lets staff read and act on a customer of their client', async () => {
    expect(dataOf(await get(`/api/my-account/details?selected_user_id=${aId}`, staffAs)).email).toBe(demo.email);
    expect((await get(`/api/my-account/bookings?selected_user_id=${aId}`, staffAs)).statusCode).toBe(200);
  });

  it('makes a riverside session useless at northfield, and riverside ids invisible from northfield', async () => {
    const riverside = await t.sessionFor(demo.email, 'riverside');
    const token = riverside.split('=')[1];
    for (const url of ['/api/my-account/details', '/api/my-account/bookings', '/api/my-account/linked-users', `/api/orders/${order.id}`]) {
      expect((await t.request({ method: 'GET', url, headers: { cookie: `northfield_session=${token}` } })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    }
    // Logged in at riverside, northfield's order and people are not there.
    const at = { 'client-domain-identifier': 'riverside' };
    expect((await t.request({ method: 'GET', url: `/api/orders/${order.id}`, as: riverside, headers: at })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/api/my-account/details?selected_user_id=${aId}`, as: riverside, headers: at })).statusCode,
    ).toBe(404);
    const riversideStaff = await t.sessionFor(staff.email, 'riverside');
    expect(
      (await t.request({ method: 'GET', url: `/api/my-account/details?selected_user_id=${aId}`, as: riversideStaff, headers: at }))
        .statusCode,
    ).toBe(404);
  });
});

describe('authorisation: calendar files and feeds (decision 108)', () => {
  it("gets 404 for A's booking .ics and for A's feed on another client, and only ever sees its own feed", async () => {
    const bookingId = order.line_items[0].booking.id;
    expect((await get(`/api/my-account/bookings/${bookingId}/calendar.ics`, b)).statusCode).toBe(404);
    expect((await get(`/api/my-account/bookings/${bookingId}/calendar.ics`, a)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/my-account/bookings/${bookingId}/calendar.ics` })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/my-account/calendar-feed' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/my-account/calendar-feed' })).statusCode).toBe(401);

    const feed = dataOf(await t.request({ method: 'POST', url: '/api/my-account/calendar-feed', as: a }));
    const path = new URL(feed.url).pathname;
    expect(dataOf(await get('/api/my-account/calendar-feed', b)).active).toBe(false);
    // B resetting or removing a feed touches only B's.
    await t.request({ method: 'POST', url: '/api/my-account/calendar-feed', as: b });
    await t.request({ method: 'DELETE', url: '/api/my-account/calendar-feed', as: b });
    expect((await t.request({ method: 'GET', url: path })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: path, headers: { 'client-domain-identifier': 'riverside' } })).statusCode).toBe(404);
  });
});

describe('authorisation: waitlist offers (decision 102)', () => {
  it("gets 404 for A's offer, as B or at another client, 401 when logged out, and leaves it for A to accept", async () => {
    const { db } = t.database;
    const shop = await northfieldShop(db);
    const occurrenceId = await freshSession(db, shop, 1);
    await db.update(occurrences).set({ waitlistMaximum: 5 }).where(eq(occurrences.id, occurrenceId));
    const [holder] = await newCustomers(db, shop, 1, 'offer-holder');
    const [paid] = await db
      .insert(bookings)
      .values({ clientId: shop.clientId, userId: holder!.id, occurrenceId, status: 'settled', capacityConsumed: 1, price: 650 })
      .returning();
    await db.update(occurrences).set({ capacityConsumed: 1, consumedOnline: 1 }).where(eq(occurrences.id, occurrenceId));
    const joined = await t.request({
      method: 'POST',
      url: '/api/activities/waitlist/add',
      as: a,
      payload: { item: { id: occurrenceId, type: 'occurrence' } },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    // The holder's place is cancelled at the desk: it is held for A, the first in the queue.
    const cancelled = await t.request({
      method: 'PATCH',
      url: `/api/v1/activities/bookings/${paid!.id}`,
      as: staffAs,
      payload: { update_type: 'cancellation', cancellation_source: 'foh' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mine = dataOf(await get('/api/my-account/waitlists', a)).find((w: Json) => w.occurrence_id === occurrenceId);
    expect(mine.status).toBe('offered');
    const token: string = mine.offer.token;

    await expectOwnerOnly(
      [
        ['GET', `/api/waitlist-offers/${token}`],
        ['POST', `/api/waitlist-offers/${token}/accept`],
      ],
      a,
    );

    // Nothing changed: the offer is still A's, and A's link puts the held place in A's basket, once.
    expect(dataOf(await get(`/api/waitlist-offers/${token}`, a)).status).toBe('offered');
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: a });
    const accepted = await t.request({ method: 'POST', url: `/api/waitlist-offers/${token}/accept`, as: a });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(dataOf(accepted).items.map((i: Json) => i.occurrence_id)).toEqual([occurrenceId]);
    expect((await t.request({ method: 'POST', url: `/api/waitlist-offers/${token}/accept`, as: a })).statusCode).toBe(409);
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: a });
  });
});

describe('authorisation: saved cards (decision 220)', () => {
  it("gets 404 removing A's saved card, as B or at another client, 401 when logged out; lists only the caller's own", async () => {
    const clientId = await t.clientId('northfield');
    const [card] = await t.database.db
      .insert(savedCards)
      .values({ clientId, userId: aId, provider: 'sandbox', reference: 'card_kept_for_a', last4: '1111', brand: 'visa', expiry: '12/30' })
      .returning();
    await expectOwnerOnly([['DELETE', `/api/checkout/saved-cards/${card!.id}`]], a);
    const mine = await get('/api/checkout/saved-cards', a);
    expect([mine.statusCode, mine.headers['cache-control']]).toEqual([200, 'no-store']);
    expect(dataOf(mine)).toEqual([{ id: card!.id, last4: '1111', brand: 'visa', expiry: '12/30' }]);
    expect(mine.body).not.toContain('card_kept_for_a');
    expect(dataOf(await get('/api/checkout/saved-cards', b))).toEqual([]);
    expect((await get('/api/checkout/saved-cards', '')).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: `/api/checkout/saved-cards/${card!.id}`, as: a })).statusCode).toBe(204);
    expect(dataOf(await get('/api/checkout/saved-cards', a))).toEqual([]);
  });
});

describe('authorisation: restrictions, staff only (issue 10)', () => {
  it('refuses customers the restriction list and changes, and keeps each client to its own restrictions', async () => {
    const list = await get('/api/v1/activities/restrictions', staffAs);
    expect(list.statusCode).toBe(200);
    const [first] = list.json().data as Json[];
    expect(first).toBeDefined();
    const change = { name: 'Taken over' };
    for (const [method, url, payload] of [
      ['GET', '/api/v1/activities/restrictions'],
      ['POST', '/api/v1/activities/restrictions', { name: 'Mallory waiver', type: 'pre-purchase-waiver', terms: 'x' }],
      ['PATCH', `/api/v1/activities/restrictions/${first.id}`, change],
    ] as Attempt[]) {
      const asB = await t.request({ method: method as 'GET', url, as: b, ...(payload ? { payload } : {}) });
      expect([method, url, asB.statusCode]).toEqual([method, url, 403]);
      const anonymous = await t.request({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect([method, url, anonymous.statusCode]).toEqual([method, url, 401]);
    }
    // Riverside's staff neither see nor change northfield's restrictions.
    const riversideStaff = await t.sessionFor(staff.email, 'riverside');
    const there = { 'client-domain-identifier': 'riverside' };
    const theirs = await t.request({ method: 'GET', url: '/api/v1/activities/restrictions', as: riversideStaff, headers: there });
    expect(theirs.statusCode).toBe(200);
    expect((theirs.json().data as Json[]).map((r) => r.id)).not.toContain(first.id);
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/v1/activities/restrictions/${first.id}`,
      as: riversideStaff,
      headers: there,
      payload: change,
    });
    expect(patched.statusCode).toBe(404);
    expect(dataOf(await get(`/api/v1/activities/restrictions/${first.id}`, staffAs)).name).toBe(first.name);
  });
});

describe('authorisation: per-customer limits, managers only (decision 181)', () => {
  it('refuses customers and front-desk staff (403) and nobody (401); a manager at another client changes only its own', async () => {
    const url = '/api/client/customer-limits';
    for (const [method, payload] of [['GET'], ['PATCH', { max_places_held: 1 }]] as [string, Json?][]) {
      for (const [who, as, status] of [
        ['customer B', b, 403],
        ['front desk', staffAs, 403],
        ['nobody', undefined, 401],
      ] as [string, string | undefined, number][]) {
        const res = await t.request({ method: method as 'GET', url, ...(as ? { as } : {}), ...(payload ? { payload } : {}) });
        expect([who, method, res.statusCode]).toEqual([who, method, status]);
      }
    }
    const there = { 'client-domain-identifier': 'riverside' };
    const [riversideStaff] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, staff.email), eq(users.clientId, await t.clientId('riverside'))));
    await t.database.db
      .insert(staffRoles)
      .values({ clientId: await t.clientId('riverside'), userId: riversideStaff!.id, role: 'manager' })
      .onConflictDoNothing();
    const riversideManager = await t.sessionFor(staff.email, 'riverside');
    const changed = await t.request({ method: 'PATCH', url, as: riversideManager, headers: there, payload: { max_places_held: 7 } });
    expect(changed.statusCode).toBe(200);
    expect(dataOf(changed).max_places_held).toBe(7);
    const ours = await t.database.db.select().from(clients).where(eq(clients.identifier, 'northfield'));
    expect(ours[0]?.maxPlacesHeld).toBeNull();
    // Riverside's manager session is no session at northfield.
    expect((await t.request({ method: 'PATCH', url, as: riversideManager, payload: { max_places_held: 7 } })).statusCode).toBe(401);
  });
});

describe('authorisation: the cancellation policy, managers of their own client only (decision 192)', () => {
  it("refuses visitors, customers and the front desk; another client's manager finds none of this client's ids", async () => {
    const shop = await northfieldShop(t.database.db);
    const body = { cut_off_minutes: 0, cut_off_actions: [], fee_amount: 0, outcome: 'refund' };
    const base = '/api/staff/cancellation-policies';
    const byId: Attempt[] = [
      ['PUT', `${base}/categories/${shop.categoryId}`, body],
      ['DELETE', `${base}/categories/${shop.categoryId}`],
      ['PUT', `${base}/schedules/${shop.scheduleId}`, body],
      ['DELETE', `${base}/schedules/${shop.scheduleId}`],
    ];
    const policiesHere = async () =>
      (await t.database.db.execute(sql`SELECT * FROM cancellation_policies WHERE client_id = ${shop.clientId} ORDER BY id`)) as unknown as {
        rows: Json[];
      };
    const before = (await policiesHere()).rows;
    for (const [method, url, payload] of [
      ['GET', base],
      ['PUT', `${base}/client`, body],
      ['DELETE', `${base}/client`],
      ...byId,
    ] as Attempt[]) {
      for (const [who, as, refused] of [
        ['nobody', undefined, 401],
        ['customer B', b, 403],
        ['front desk', staffAs, 403],
      ] as [string, string | undefined, number][]) {
        const res = await t.request({ method: method as 'GET', url, ...(as ? { as } : {}), ...(payload ? { payload } : {}) });
        expect([who, method, url, res.statusCode]).toEqual([who, method, url, refused]);
      }
    }
    // A manager at riverside: northfield's category and schedule ids are not found there.
    await t.database.db.execute(
      sql`INSERT INTO staff_roles (client_id, user_id, role) SELECT u.client_id, u.id, 'manager' FROM users u
        JOIN clients c ON c.id = u.client_id WHERE c.identifier = 'riverside' AND u.email = ${staff.email} ON CONFLICT DO NOTHING`,
    );
    const riverside = await t.sessionFor(staff.email, 'riverside');
    const there = { 'client-domain-identifier': 'riverside' };
    for (const [method, url, payload] of byId) {
      const res = await t.request({ method: method as 'PUT', url, as: riverside, headers: there, ...(payload ? { payload } : {}) });
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    const theirs = dataOf(await t.request({ method: 'GET', url: base, as: riverside, headers: there }));
    expect(theirs.categories.concat(theirs.schedules)).toEqual([]);
    expect((await policiesHere()).rows).toEqual(before);
  });
});
