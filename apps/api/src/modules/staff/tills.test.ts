import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, paymentLines, staffAuditLog, staffRoles, tills, users, venues } from '../../db/schema';
import { demo, openSpin, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

let t: TestApp;
let desk: string;
let customer: string;
let customerId: number;
let northfield: number;
let venueId: number;
let tillId: number;

beforeAll(async () => {
  t = await createTestApp();
  desk = await t.sessionFor(staff.email);
  customer = await t.sessionFor(demo.email);
  customerId = dataOf(await t.request({ method: 'GET', url: '/api/auth/user', as: customer })).id;
  northfield = await t.clientId('northfield');
  const [till] = await t.database.db
    .select({ id: tills.id, venueId: tills.venueId })
    .from(tills)
    .innerJoin(venues, eq(venues.id, tills.venueId))
    .where(and(eq(tills.clientId, northfield), eq(venues.slug, 'harrogate')));
  if (!till) throw new Error('no till seeded at Harrogate');
  ({ id: tillId, venueId } = till);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, as?: string, payload?: Json, headers: Record<string, string> = {}) =>
  t.request({ method, url, headers, ...(as ? { as } : {}), ...(payload ? { payload } : {}) });

const auditRows = (action: string) =>
  t.database.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.clientId, northfield), eq(staffAuditLog.action, action)));

const tillRoutes = (): ['GET' | 'POST', string, Json?][] => [
  ['GET', `/api/staff/tills?venue_id=${venueId}`],
  ['GET', `/api/staff/tills/${tillId}`],
  ['POST', '/api/staff/tills', { venue_id: venueId, name: 'Matrix' }],
  ['POST', `/api/staff/tills/${tillId}/open`, { float: 100 }],
  ['POST', `/api/staff/tills/${tillId}/close`, { counted: 100 }],
];

describe('tills: authorisation', () => {
  it('refuses anonymous callers (401), customers (403) and the staff of another client, and writes nothing', async () => {
    const before = (await t.database.db.select().from(staffAuditLog)).length;
    const riverside = await t.sessionFor(staff.email, 'riverside');
    const token = riverside.split('=')[1];
    for (const [method, url, payload] of tillRoutes()) {
      expect([url, (await call(method, url, undefined, payload)).statusCode]).toEqual([url, 401]);
      expect([url, (await call(method, url, customer, payload)).statusCode]).toEqual([url, 403]);
      const there = await call(method, url, undefined, payload, { authorization: `Bearer ${token}` });
      expect([url, there.statusCode]).toEqual([url, 401]);
    }
    // At riverside, with riverside's own session, northfield's till is not there.
    const atRiverside = { 'client-domain-identifier': 'riverside' };
    expect((await call('GET', `/api/staff/tills/${tillId}`, riverside, undefined, atRiverside)).statusCode).toBe(404);
    expect((await call('POST', `/api/staff/tills/${tillId}/open`, riverside, { float: 5 }, atRiverside)).statusCode).toBe(404);
    expect((await call('GET', `/api/staff/tills?venue_id=${venueId}`, riverside, undefined, atRiverside)).json().data).toEqual([]);
    expect((await t.database.db.select().from(staffAuditLog)).length).toBe(before);
  });

  it('lets only managers add a till', async () => {
    const res = await call('POST', '/api/staff/tills', desk, { venue_id: venueId, name: 'Cafe' });
    expect(res.statusCode).toBe(403);
  });

  it('answers a till name already used at the venue with a 422 on name, and adds nothing (decision 235)', async () => {
    const [me] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.clientId, northfield), eq(users.email, staff.email)));
    await t.database.db.insert(staffRoles).values({ clientId: northfield, userId: me?.id as number, role: 'manager' });
    try {
      const first = await call('POST', '/api/staff/tills', desk, { venue_id: venueId, name: 'Poolside' });
      expect(first.statusCode).toBeLessThan(300);
      const before = (await t.database.db.select().from(tills)).length;
      const again = await call('POST', '/api/staff/tills', desk, { venue_id: venueId, name: ' Poolside ' });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors).toEqual({ name: ['A till with this name already exists at this venue.'] });
      expect((await t.database.db.select().from(tills)).length).toBe(before);
      expect((await auditRows('till.created')).filter((r) => (r.details as Json).name === 'Poolside')).toHaveLength(1);
    } finally {
      await t.database.db.delete(staffRoles).where(and(eq(staffRoles.userId, me?.id as number), eq(staffRoles.role, 'manager')));
      await t.database.db.delete(tills).where(and(eq(tills.venueId, venueId), eq(tills.name, 'Poolside')));
    }
  });
});

describe('tills: open, take cash, close', () => {
  it('opens with a float, takes payments against the open session, and cashes up expected against counted', async () => {
    const list = dataOf(await call('GET', `/api/staff/tills?venue_id=${venueId}`, desk));
    expect(list.map((x: Json) => x.name)).toEqual(['Front desk']);
    expect(list[0].open).toBeNull();

    // Cash before the till is open is refused on till_id, and nothing is sold.
    const cart = await basket();
    const early = await pay(cart.item_hash, [{ tender_type: 'cash', amount: 650 }]);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors.till_id).toEqual(['This till is not open.']);

    const opened = await call('POST', `/api/staff/tills/${tillId}/open`, desk, { float: 10_000 });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().message).toBe('Till opened.');
    expect(dataOf(opened).open).toMatchObject({ float: { value: 10_000 }, expected: { value: 10_000 }, opened_by: 'Jamie Reception' });
    const again = await call('POST', `/api/staff/tills/${tillId}/open`, desk, { float: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This till is already open.');

    const paid = await pay(cart.item_hash, [{ tender_type: 'cash', amount: 650 }]);
    expect(paid.statusCode).toBe(200);
    const orderId = dataOf(paid).order_id;
    const lines = await t.database.db.select().from(paymentLines).where(eq(paymentLines.orderId, orderId));
    const sessionId = dataOf(opened).open.id;
    expect(lines).toMatchObject([{ tenderType: 'cash', amount: 650, tillId: String(tillId), tillSessionId: sessionId }]);
    // A card on the desk terminal is recorded against the session but is not cash in the drawer.
    const card = await pay((await basket()).item_hash, [{ tender_type: 'card', amount: 650 }]);
    expect(card.statusCode).toBe(200);

    const taken = (await auditRows('order.paid_at_desk')).filter((r) => (r.details as Json).order_id === orderId);
    expect(taken).toMatchObject([{ customerUserId: customerId, details: { till_id: String(tillId) } }]);
    // The receipt email is queued with the order, by the same email jobs as an online order.
    const receipts = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `${northfield}:order_receipt:order:${orderId}`));
    expect(receipts).toHaveLength(1);

    expect(dataOf(await call('GET', `/api/staff/tills/${tillId}`, desk)).open).toMatchObject({
      cash_sales: { value: 650 },
      expected: { value: 10_650, formatted: '£106.50' },
    });

    const closed = await call('POST', `/api/staff/tills/${tillId}/close`, desk, { counted: 10_600 });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().message).toBe('Till closed.');
    expect(dataOf(closed).open).toBeNull();
    expect(dataOf(closed).last_closed.cash_up).toEqual({
      expected: { value: 10_650, formatted: '£106.50', currency: 'GBP' },
      counted: { value: 10_600, formatted: '£106.00', currency: 'GBP' },
      difference: { value: -50, formatted: expect.any(String), currency: 'GBP' },
      status: 'short',
    });
    const closedAgain = await call('POST', `/api/staff/tills/${tillId}/close`, desk, { counted: 1 });
    expect(closedAgain.statusCode).toBe(409);

    const [open] = await auditRows('till.opened');
    const [close] = await auditRows('till.closed');
    expect(open?.details).toMatchObject({ till_id: tillId, float: 10_000 });
    expect(close?.details).toMatchObject({ till_id: tillId, expected: 10_650, counted: 10_600 });
  });

  it('refuses a float or count that is not whole pence', async () => {
    expect((await call('POST', `/api/staff/tills/${tillId}/open`, desk, { float: -1 })).statusCode).toBe(422);
    expect((await call('POST', `/api/staff/tills/${tillId}/open`, desk, { float: 1.5 })).statusCode).toBe(422);
  });
});

async function basket(): Promise<Json> {
  await t.request({ method: 'DELETE', url: `/api/checkout/cart?selected_user_id=${customerId}`, as: desk });
  const added = await t.request({
    method: 'POST',
    url: '/api/checkout/cart/add',
    as: desk,
    payload: { selected_user_id: customerId, items: [{ id: (await openSpin(t, customer)).id, type: 'purchasableOccurrence' }] },
  });
  expect(added.statusCode).toBe(200);
  return dataOf(await t.request({ method: 'GET', url: `/api/checkout/cart?selected_user_id=${customerId}`, as: desk }));
}

const pay = (itemHash: string, payments: Json[]) =>
  call('POST', '/api/foh/checkout/pay', desk, { selected_user_id: customerId, item_hash: itemHash, payments, till_id: String(tillId) });
