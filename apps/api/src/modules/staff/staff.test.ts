import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPenalties, bookings, penalties, staffAuditLog, staffRoles, users } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { customersAAndB, demo, openSpin, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

const clock = new ManualClock();
let t: TestApp;
let desk: string;
let customerA: string;
let aId: number;
let northfield: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  desk = await t.sessionFor(staff.email);
  ({ a: customerA, aId } = await customersAAndB(t));
  northfield = await t.clientId('northfield');
});
afterAll(() => t.close());

const get = (url: string, as?: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers, ...(as ? { as } : {}) });

async function staffIdOf(email: string, clientId = northfield): Promise<number> {
  const [u] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.email, email)));
  if (!u) throw new Error(`no ${email}`);
  return u.id;
}

async function auditRows(action: string) {
  return t.database.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.clientId, northfield), eq(staffAuditLog.action, action)));
}

/** Every staff console route, with a body that would pass validation, so only the guard can refuse it. */
const staffRouteMatrix = (customerId: number): [string, string, Json?][] => [
  ['GET', '/api/staff/me'],
  ['GET', '/api/staff/settings'],
  ['PUT', '/api/staff/settings', { desk_idle_minutes: 30 }],
  ['GET', '/api/staff/penalty-policy'],
  [
    'PUT',
    '/api/staff/penalty-policy',
    { absent_action: 'fee', late_cancellation_action: 'none', fee_amount: 500, strikes_to_block: 0, strike_window_days: 0, block_days: 0 },
  ],
  // The cancellation policy and its overrides (decision 192).
  ['GET', '/api/staff/cancellation-policies'],
  ['PUT', '/api/staff/cancellation-policies/client', { cut_off_minutes: 0, cut_off_actions: [], fee_amount: 0, outcome: 'refund' }],
  ['DELETE', '/api/staff/cancellation-policies/client'],
  ['PUT', '/api/staff/cancellation-policies/categories/1', { cut_off_minutes: 0, cut_off_actions: [], fee_amount: 0, outcome: 'refund' }],
  ['DELETE', '/api/staff/cancellation-policies/categories/1'],
  ['PUT', '/api/staff/cancellation-policies/schedules/1', { cut_off_minutes: 0, cut_off_actions: [], fee_amount: 0, outcome: 'refund' }],
  ['DELETE', '/api/staff/cancellation-policies/schedules/1'],
  ['GET', '/api/staff/audit'],
  ['GET', '/api/staff/customers?q=morgan'],
  ['POST', '/api/staff/customers', { first_name: 'Pat', last_name: 'Matrix', email: 'pat.matrix@example.invalid' }],
  ['GET', `/api/staff/customers/${customerId}`],
  ['GET', '/api/staff/registers?venue_id=1'],
  ['GET', '/api/staff/registers/any-session'],
  ['POST', '/api/staff/registers/any-session/attendance', { booking_ids: [1], status: 'attended' }],
  ['POST', `/api/staff/customers/${customerId}/penalties/1/waive`, { reason: 'Matrix check' }],
  ['POST', `/api/staff/customers/${customerId}/strikes/1/absent/waive`, { reason: 'Matrix check' }],
  // Cancelling for a customer and walk-ins (decisions 165, 166).
  ['GET', `/api/staff/customers/${customerId}/bookings`],
  ['POST', `/api/staff/customers/${customerId}/bookings/1/cancel`, { waive_charge: false }],
  ['POST', '/api/staff/registers/any-session/walk-ins', { user_id: customerId }],
  // The spec's staff and front-of-house calls (decision 167).
  ['GET', `/api/v1/activities/bookings?user_id=${customerId}`],
  [
    'POST',
    '/api/foh/checkout/pay',
    { selected_user_id: customerId, item_hash: 'matrix', payments: [{ tender_type: 'card', amount: 650 }] },
  ],
];

/**
 * The back office's calls (themes, maintenance, sessions, restrictions, questions, activities, after-booking
 * settings): staff with a role at this client only, so a staff account whose roles were taken away can change nothing.
 */
const backOfficeMatrix: [string, string, Json?][] = [
  ['PUT', '/api/frontend/theme', { theme_app_primary_colour: '#123456' }],
  ['PUT', '/api/client/maintenance', { maintenance: true }],
  ['PATCH', '/api/v1/activities/occurrences/any-session', { duration_minutes: 30 }],
  ['DELETE', '/api/v1/activities/occurrences/any-session?reason=location_closure'],
  ['GET', '/api/v1/activities/restrictions'],
  ['POST', '/api/v1/activities/restrictions', { name: 'Matrix', type: 'pre-purchase-waiver' }],
  ['PATCH', '/api/v1/activities/restrictions/1', { name: 'Matrix' }],
  ['GET', '/api/v1/activities/restrictions/1/attachments'],
  ['PUT', '/api/v1/activities/restrictions/1/schedules/1', { criteria: 'all' }],
  ['DELETE', '/api/v1/activities/restrictions/1/schedules/1'],
  ['PUT', '/api/v1/activities/restrictions/1/categories/1', { criteria: 'all' }],
  ['DELETE', '/api/v1/activities/restrictions/1/categories/1'],
  ['POST', '/api/v1/activities/restrictions/1/completions', { user_id: 1 }],
  ['GET', '/api/client/after-booking-settings'],
  ['GET', '/api/v1/activities/question-sections'],
  [
    'POST',
    '/api/v1/activities/question-sections',
    { category_id: 1, title: 'Matrix', questions: [{ type: 'textarea', question: 'Matrix?', required: false }] },
  ],
  ['DELETE', '/api/v1/activities/question-sections/1'],
  ['GET', '/api/v1/activities/categories'],
  ['POST', '/api/v1/activities/categories', { name: 'Matrix', slug: 'matrix' }],
  ['PATCH', '/api/v1/activities/categories/1', { name: 'Matrix' }],
  ['DELETE', '/api/v1/activities/categories/1'],
];

/** The spec's calls customers make for themselves and staff make for a customer: a staff caller needs a role here. */
const actingForMatrix = (customerId: number): [string, string, Json?][] => [
  ['GET', `/api/my-account/bookings?selected_user_id=${customerId}`],
  ['GET', `/api/my-account/details?selected_user_id=${customerId}`],
  ['GET', `/api/checkout/cart?selected_user_id=${customerId}`],
  ['GET', '/api/v1/activities/bookings/1'],
  ['PATCH', '/api/v1/activities/bookings/1', { booking_ids: [1], status: 'attended' }],
  ['DELETE', '/api/v1/activities/bookings/1'],
  ['DELETE', `/api/activities/bookings/1/?source=bookings&selected_user_id=${customerId}`],
  // The same call without the trailing slash once skipped the staff check and cancelled anyone's booking.
  ['DELETE', `/api/activities/bookings/1?source=bookings&selected_user_id=${customerId}`],
  ['DELETE', '/api/activities/bookings/1?source=bookings'],
];

describe('staff console: authorisation matrix', () => {
  it('refuses every staff route to anonymous callers (401) and to customers (403), and writes nothing', async () => {
    const before = (await t.database.db.select().from(staffAuditLog)).length;
    for (const [method, url, payload] of staffRouteMatrix(aId)) {
      const anonymous = await t.request({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect([method, url, anonymous.statusCode]).toEqual([method, url, 401]);
      const customer = await t.request({ method: method as 'GET', url, as: customerA, ...(payload ? { payload } : {}) });
      expect([method, url, customer.statusCode]).toEqual([method, url, 403]);
    }
    expect((await t.database.db.select().from(staffAuditLog)).length).toBe(before);
    expect((await get('/api/staff/customers?q=matrix', desk)).json().data).toEqual([]);
  });

  it("refuses every staff route to riverside's staff: their session is no session at northfield, and at riverside northfield's customers are not there", async () => {
    const riverside = await t.sessionFor(staff.email, 'riverside');
    const token = riverside.split('=')[1];
    for (const [method, url, payload] of staffRouteMatrix(aId)) {
      const there = await t.request({
        method: method as 'GET',
        url,
        headers: { cookie: `northfield_session=${token}` },
        ...(payload ? { payload } : {}),
      });
      expect([method, url, there.statusCode]).toEqual([method, url, 401]);
      const bearer = await t.request({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      expect([method, url, bearer.statusCode]).toEqual([method, url, 401]);
    }
    const atRiverside = { 'client-domain-identifier': 'riverside' };
    expect((await get(`/api/staff/customers/${aId}`, riverside, atRiverside)).statusCode).toBe(404);
    const hits = dataOf(await get('/api/staff/customers?q=morgan', riverside, atRiverside));
    expect(hits.map((h: Json) => h.id)).not.toContain(aId);
  });

  it('refuses a staff user with no role at this client, and a front-desk user on the managers’ routes', async () => {
    const [noRole] = await t.database.db
      .insert(users)
      .values({
        clientId: northfield,
        reference: 'NF-NOROLE01',
        role: 'staff',
        email: 'norole@example.invalid',
        passwordHash: '!',
        firstName: 'No',
        lastName: 'Role',
      })
      .returning({ id: users.id });
    const as = await t.sessionFor('norole@example.invalid');
    for (const [method, url, payload] of staffRouteMatrix(aId)) {
      const res = await t.request({ method: method as 'GET', url, as, ...(payload ? { payload } : {}) });
      expect([method, url, res.statusCode]).toEqual([method, url, 403]);
    }
    for (const [method, url, payload] of backOfficeMatrix) {
      const res = await t.request({ method: method as 'GET', url, as, ...(payload ? { payload } : {}) });
      expect([method, url, res.statusCode]).toEqual([method, url, 403]);
      const customer = await t.request({ method: method as 'GET', url, as: customerA, ...(payload ? { payload } : {}) });
      expect([method, url, customer.statusCode]).toEqual([method, url, 403]);
    }
    const before = (await t.database.db.select().from(staffAuditLog)).length;
    for (const [method, url, payload] of actingForMatrix(aId)) {
      const res = await t.request({ method: method as 'GET', url, as, ...(payload ? { payload } : {}) });
      expect([method, url, res.statusCode]).toEqual([method, url, 403]);
    }
    expect((await t.database.db.select().from(staffAuditLog)).length).toBe(before);
    // A role held at riverside grants nothing at northfield.
    await t.database.db
      .insert(staffRoles)
      .values({ clientId: await t.clientId('riverside'), userId: noRole?.id as number, role: 'administrator' });
    expect((await get('/api/staff/me', as)).statusCode).toBe(403);

    expect(dataOf(await get('/api/staff/me', desk)).roles).toEqual(['front_desk']);
    expect((await get('/api/staff/settings', desk)).statusCode).toBe(403);
    expect((await get('/api/staff/audit', desk)).statusCode).toBe(403);
    expect((await get('/api/staff/penalty-policy', desk)).statusCode).toBe(403);
    expect((await get('/api/staff/cancellation-policies', desk)).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url: '/api/staff/settings', as: desk, payload: { desk_idle_minutes: 5 } })).statusCode).toBe(
      403,
    );
  });
});

describe('staff console: roles, settings and the audit log', () => {
  it('lets a manager set the desk idle timeout, validates it, and audits the change', async () => {
    const managerId = await staffIdOf(staff.email);
    await t.database.db.insert(staffRoles).values({ clientId: northfield, userId: managerId, role: 'manager' });
    expect(dataOf(await get('/api/staff/settings', desk))).toEqual({ desk_idle_minutes: 15 });
    const bad = await t.request({ method: 'PUT', url: '/api/staff/settings', as: desk, payload: { desk_idle_minutes: 0 } });
    expect(bad.statusCode).toBe(422);
    const ok = await t.request({ method: 'PUT', url: '/api/staff/settings', as: desk, payload: { desk_idle_minutes: 10 } });
    expect(ok.statusCode).toBe(200);
    expect(dataOf(await get('/api/staff/me', desk)).desk_idle_minutes).toBe(10);
    const [row] = await auditRows('settings.updated');
    expect(row).toMatchObject({ staffUserId: managerId, customerUserId: null, details: { desk_idle_minutes: { from: 15, to: 10 } } });
    const log = dataOf(await get('/api/staff/audit', desk));
    expect(log[0]).toMatchObject({ action: 'settings.updated', staff: { id: managerId, name: 'Jamie Reception' }, customer: null });
    await t.database.db.delete(staffRoles).where(and(eq(staffRoles.userId, managerId), eq(staffRoles.role, 'manager')));
  });

  it('opens a customer record (details, credit, penalties, linked users, waivers) and audits who looked, when, at whom', async () => {
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 60_000);
    clock.set(at);
    const record = dataOf(await get(`/api/staff/customers/${aId}`, desk));
    expect(record.customer).toMatchObject({ id: aId, email: demo.email, first_name: 'Alex', last_name: 'Morgan' });
    expect(record.linked_users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ first_name: 'Sam', last_name: 'Morgan', relation: 'linked_to', status: 'successful' }),
      ]),
    );
    expect(typeof record.credit.balance).toBe('number');
    expect(record.has_outstanding_penalties).toBe(record.penalties.some((p: Json) => p.status === 'outstanding'));
    const viewed = (await auditRows('customer.viewed')).filter((r) => r.customerUserId === aId);
    expect(viewed.at(-1)).toMatchObject({ staffUserId: await staffIdOf(staff.email), customerUserId: aId, createdAt: at });
    // Staff users and unknown ids are not customer records.
    expect((await get(`/api/staff/customers/${await staffIdOf(staff.email)}`, desk)).statusCode).toBe(404);
    expect((await get('/api/staff/customers/99999999', desk)).statusCode).toBe(404);
    clock.set(new Date());
  });

  it('shows memberships, packages, past and cancelled bookings and strikes on the record; a strike is waived with a reason, audited (decision 238)', async () => {
    // The demo customer's place on the seed's started 'Early spin' (decision 237) is past; give it a strike.
    const [early] = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.userId, aId), eq(bookings.status, 'settled')))
      .orderBy(bookings.id)
      .limit(1);
    expect(early).toBeDefined();
    await t.database.db
      .insert(bookingPenalties)
      .values({ bookingId: early?.id as number, event: 'absent', clientId: northfield, userId: aId, kind: 'strike' })
      .onConflictDoNothing();
    const record = dataOf(await get(`/api/staff/customers/${aId}`, desk));
    expect(Array.isArray(record.memberships)).toBe(true);
    expect(Array.isArray(record.packages)).toBe(true);
    expect(record.past_bookings).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Early spin', status: 'settled' })]));
    expect(record.strikes).toEqual([expect.objectContaining({ booking_id: early?.id, event: 'absent' })]);
    const url = `/api/staff/customers/${aId}/strikes/${early?.id}/absent/waive`;
    expect((await t.request({ method: 'POST', url, as: desk, payload: { reason: 'x' } })).statusCode).toBe(422);
    expect((await t.request({ method: 'POST', url, as: customerA, payload: { reason: 'Bus was late' } })).statusCode).toBe(403);
    const waived = await t.request({ method: 'POST', url, as: desk, payload: { reason: 'Bus was late' } });
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json().message).toBe('Strike waived.');
    expect(dataOf(waived).strikes).toEqual([]);
    expect((await auditRows('strike.waived')).filter((r) => r.customerUserId === aId)).toEqual([
      expect.objectContaining({
        staffUserId: await staffIdOf(staff.email),
        details: expect.objectContaining({ booking_id: early?.id, reason: 'Bus was late' }),
      }),
    ]);
    expect((await t.request({ method: 'POST', url, as: desk, payload: { reason: 'Bus was late' } })).statusCode).toBe(404);
  });

  it('registers a customer at the desk (source foh, no password), refuses a taken email, and audits it', async () => {
    const payload = { first_name: 'Robin', last_name: 'Deskwalk', email: 'Robin.Deskwalk@example.invalid', phone: '07700 900123' };
    const res = await t.request({ method: 'POST', url: '/api/staff/customers', as: desk, payload });
    expect(res.statusCode).toBe(200);
    const created = dataOf(res);
    expect(created).toMatchObject({ first_name: 'Robin', email: 'robin.deskwalk@example.invalid' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ source: 'foh', onboardingType: 'customer_account_foh', role: 'customer', clientId: northfield });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: payload.email, password: 'anything-at-all' },
    });
    expect(login.statusCode).toBe(401);
    expect((await auditRows('customer.registered')).map((r) => r.customerUserId)).toContain(created.id);
    const again = await t.request({ method: 'POST', url: '/api/staff/customers', as: desk, payload });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toBeDefined();
    const missing = await t.request({ method: 'POST', url: '/api/staff/customers', as: desk, payload: { first_name: 'X' } });
    expect(missing.statusCode).toBe(422);
  });
});

describe('staff console: customer search', () => {
  it('finds customers as you type by surname, first name, email, reference, phone, barcode and "first surname"', async () => {
    const names = (list: Json[]) => list.map((h) => `${h.first_name} ${h.last_name}`);
    expect(names(dataOf(await get('/api/staff/customers?q=morg', desk)))).toEqual(expect.arrayContaining(['Alex Morgan', 'Sam Morgan']));
    expect(names(dataOf(await get('/api/staff/customers?q=MORG', desk)))).toEqual(expect.arrayContaining(['Alex Morgan', 'Sam Morgan']));
    expect(names(dataOf(await get('/api/staff/customers?q=alex%20mo', desk)))).toContain('Alex Morgan');
    expect(names(dataOf(await get('/api/staff/customers?q=alex%20mo', desk)))).not.toContain('Sam Morgan');
    expect(dataOf(await get('/api/staff/customers?q=demo%40exa', desk)).map((h: Json) => h.id)).toEqual([aId]);
    const a = dataOf(await get(`/api/staff/customers/${aId}`, desk)).customer;
    expect(dataOf(await get(`/api/staff/customers?q=${a.reference.slice(0, 6).toLowerCase()}`, desk)).map((h: Json) => h.id)).toContain(
      aId,
    );

    await t.database.db.update(users).set({ phone: '0113 496 0777', barcode: 'NF-BC-778899' }).where(eq(users.id, aId));
    expect(dataOf(await get('/api/staff/customers?q=0113%204960', desk)).map((h: Json) => h.id)).toEqual([aId]);
    expect(dataOf(await get('/api/staff/customers?q=NF-BC-778899', desk)).map((h: Json) => h.id)).toEqual([aId]);
    // Staff are not customers; LIKE's own characters match themselves.
    expect(names(dataOf(await get('/api/staff/customers?q=jamie', desk)))).toEqual([]);
    expect(dataOf(await get('/api/staff/customers?q=%25%25', desk))).toEqual([]);
    expect(dataOf(await get('/api/staff/customers?q=__', desk))).toEqual([]);
    expect((await get('/api/staff/customers?q=a', desk)).statusCode).toBe(422);
    expect((await get('/api/staff/customers', desk)).statusCode).toBe(422);
  });
});

describe('staff console: acting for someone', () => {
  it('acts only for customers of this client: another staff account or another client’s user is 404, like no user (decision 231)', async () => {
    const [colleague] = await t.database.db
      .insert(users)
      .values({
        clientId: northfield,
        reference: 'NF-COLLEAGUE',
        role: 'staff',
        email: 'colleague@example.invalid',
        passwordHash: '!',
        firstName: 'Col',
        lastName: 'League',
      })
      .returning({ id: users.id });
    await t.database.db.insert(staffRoles).values({ clientId: northfield, userId: colleague?.id as number, role: 'front_desk' });
    const [elsewhere] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.clientId, await t.clientId('riverside')), eq(users.role, 'customer')))
      .limit(1);
    const targets = [colleague?.id as number, elsewhere?.id as number, await staffIdOf(staff.email, await t.clientId('riverside'))];
    for (const target of targets) {
      for (const url of [
        `/api/my-account/bookings?selected_user_id=${target}`,
        `/api/my-account/details?selected_user_id=${target}`,
        `/api/checkout/cart?selected_user_id=${target}`,
      ]) {
        expect([url, (await get(url, desk)).statusCode]).toEqual([url, 404]);
      }
    }
    // A customer of this client is fine.
    expect((await get(`/api/checkout/cart?selected_user_id=${aId}`, desk)).statusCode).toBe(200);
  });
});

describe('staff console: changes to a customer’s basket and details are audited', () => {
  it('writes who, what, when and for whom for each basket and details change staff make for a customer, and none for the customer’s own (decision 236)', async () => {
    const staffId = await staffIdOf(staff.email);
    const rowsFor = async (action: string) => (await auditRows(action)).filter((r) => r.customerUserId === aId);
    await t.request({ method: 'DELETE', url: `/api/checkout/cart?selected_user_id=${aId}`, as: desk });
    const spin = await openSpin(t, customerA);
    const added = await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as: desk,
      payload: { selected_user_id: aId, items: [{ id: spin.id, type: 'purchasableOccurrence' }] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const [add] = await rowsFor('basket.items_added');
    expect(add).toMatchObject({
      staffUserId: staffId,
      customerUserId: aId,
      details: { items: [{ type: 'purchasableOccurrence', id: spin.id }] },
    });
    expect(add?.createdAt).toBeInstanceOf(Date);
    const itemId = dataOf(added).items[0].id;
    const removed = await t.request({
      method: 'POST',
      url: `/api/checkout/cart/remove?selected_user_id=${aId}`,
      as: desk,
      payload: { cart_item_ids: [itemId] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await rowsFor('basket.items_removed')).toEqual([
      expect.objectContaining({
        staffUserId: staffId,
        details: expect.objectContaining({ items: [expect.objectContaining({ cart_item_id: itemId })] }),
      }),
    ]);
    const details = await t.request({
      method: 'PUT',
      url: `/api/my-account/details?selected_user_id=${aId}`,
      as: desk,
      payload: { phone: '07700900123' },
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(await rowsFor('customer.details_updated')).toEqual([
      expect.objectContaining({ staffUserId: staffId, details: { fields: ['phone'] } }),
    ]);
    // The customer's own changes are theirs, not staff actions.
    const before = (await t.database.db.select().from(staffAuditLog)).length;
    await t.request({ method: 'PUT', url: '/api/my-account/details', as: customerA, payload: { phone: '07700900124' } });
    await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as: customerA,
      payload: { items: [{ id: spin.id, type: 'purchasableOccurrence' }] },
    });
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: customerA });
    expect((await t.database.db.select().from(staffAuditLog)).length).toBe(before);
  });
});

describe('staff console: the desk idle timeout', () => {
  it('ends a desk session idle longer than the operator set, and keeps refusing that token', async () => {
    clock.set(new Date());
    const session = await t.sessionFor(staff.email);
    expect((await get('/api/staff/me', session)).statusCode).toBe(200);
    clock.advance(9 * 60_000);
    expect((await get('/api/staff/me', session)).statusCode).toBe(200);
    clock.advance(11 * 60_000);
    const late = await get('/api/staff/me', session);
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('desk_timed_out');
    expect((await get('/api/staff/me', session)).statusCode).toBe(401);
    expect((await get('/api/auth/user', session)).statusCode).toBe(401);
    // Another desk's session is its own.
    const fresh = await t.sessionFor(staff.email);
    expect((await get('/api/staff/me', fresh)).statusCode).toBe(200);
    clock.set(new Date());
  });

  it('applies the timeout to every call a desk session makes, not only the console routes (decision 230)', async () => {
    clock.set(new Date());
    // Each session's first call after the idle period is a different kind of staff call: the spec's staff list
    // (staffRoleHere), a booking read (staffOrCustomer), acting for a customer (actingUserId) and the session check.
    const firstCalls = [
      `/api/v1/activities/bookings?user_id=${aId}`,
      '/api/v1/activities/bookings/1',
      `/api/checkout/cart?selected_user_id=${aId}`,
      '/api/auth/user',
    ];
    for (const url of firstCalls) {
      const session = await t.sessionFor(staff.email);
      expect((await get('/api/staff/me', session)).statusCode).toBe(200);
      clock.advance(16 * 60_000);
      const late = await get(url, session);
      expect(late.statusCode, url).toBe(401);
      expect(late.json().code, url).toBe('desk_timed_out');
      expect((await get('/api/staff/me', session)).statusCode).toBe(401);
    }
    // A desk session that never opened the console still times out, counted from its first call.
    const quiet = await t.sessionFor(staff.email);
    expect((await get('/api/auth/user', quiet)).statusCode).toBe(200);
    clock.advance(16 * 60_000);
    expect((await get(`/api/v1/activities/bookings?user_id=${aId}`, quiet)).json().code).toBe('desk_timed_out');
    clock.set(new Date());
  });
});

describe('staff console: waiving a penalty', () => {
  it("waives an outstanding penalty with a reason, so the customer's has_outstanding_penalties turns false; once only", async () => {
    const [penalty] = await t.database.db
      .insert(penalties)
      .values({ clientId: northfield, userId: aId, reason: 'No-show', amount: 500 })
      .returning({ id: penalties.id });
    const id = penalty?.id as number;
    expect(dataOf(await get('/api/auth/user', customerA)).has_outstanding_penalties).toBe(true);
    const url = `/api/staff/customers/${aId}/penalties/${id}/waive`;
    expect((await t.request({ method: 'POST', url, as: desk, payload: { reason: '' } })).statusCode).toBe(422);
    const [other] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'member1@example.invalid'));
    const wrong = `/api/staff/customers/${other?.id}/penalties/${id}/waive`;
    expect((await t.request({ method: 'POST', url: wrong, as: desk, payload: { reason: 'Wrong person' } })).statusCode).toBe(404);

    const res = await t.request({ method: 'POST', url, as: desk, payload: { reason: 'Car broke down, first time' } });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res).penalties.find((p: Json) => p.id === id).status).toBe('waived');
    expect(dataOf(res).has_outstanding_penalties).toBe(false);
    expect(dataOf(await get('/api/auth/user', customerA)).has_outstanding_penalties).toBe(false);
    const [row] = await auditRows('penalty.waived');
    expect(row).toMatchObject({ customerUserId: aId, details: { penalty_id: id, amount: 500, reason: 'Car broke down, first time' } });
    expect((await t.request({ method: 'POST', url, as: desk, payload: { reason: 'Again' } })).statusCode).toBe(409);
  });
});

describe("the spec's staff and front-of-house calls: audited", () => {
  it('records who read whose bookings list, and who took a payment at the desk for whom', async () => {
    clock.set(new Date());
    const as = await t.sessionFor(staff.email);
    const list = await get(`/api/v1/activities/bookings?user_id=${aId}`, as);
    expect(list.statusCode).toBe(200);
    const [listed] = (await auditRows('bookings.listed')).filter((r) => r.customerUserId === aId);
    expect(listed).toMatchObject({ staffUserId: await staffIdOf(staff.email), details: { count: list.json().data.length } });

    await t.request({ method: 'DELETE', url: `/api/checkout/cart?selected_user_id=${aId}`, as });
    const spin = await openSpin(t, customerA);
    const added = await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as,
      payload: { selected_user_id: aId, items: [{ id: spin.id, type: 'purchasableOccurrence' }] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const cart = dataOf(await get(`/api/checkout/cart?selected_user_id=${aId}`, as));
    const paid = await t.request({
      method: 'POST',
      url: '/api/foh/checkout/pay',
      as,
      payload: { selected_user_id: aId, item_hash: cart.item_hash, payments: [{ tender_type: 'card', amount: cart.totals.total }] },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = await auditRows('order.paid_at_desk');
    expect(row).toMatchObject({ customerUserId: aId, details: { order_id: dataOf(paid).order_id, tenders: ['card'] } });
  });
});
