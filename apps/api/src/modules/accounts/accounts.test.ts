import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customersAAndB, demo, payForSpin } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

let t: TestApp;
/** Customer A and customer B, as `customersAAndB` makes them. */
let a: string;
let b: string;
let aId: number;
let bId: number;
let order: Json;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, aId, bId } = await customersAAndB(t));
  order = await buy(a);
});
afterAll(() => t.close());

const buy = (as: string, selectedUserId?: number) => payForSpin(t, as, selectedUserId);
const get = (url: string, as: string) => t.request({ method: 'GET', url, as });

describe('My details', () => {
  it('shows the customer their details', async () => {
    const res = await get('/api/my-account/details', a);
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toMatchObject({ id: aId, email: demo.email, first_name: 'Alex', last_name: 'Morgan' });
  });

  it('saves changes, trimming text and clearing emptied fields', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/my-account/details',
      as: a,
      payload: {
        first_name: '  Alexandra ',
        phone: '01423 500600',
        address: { line1: '1 High Street', line2: null, town: 'Harrogate', postcode: 'HG1 1AA' },
        date_of_birth: '1990-05-01',
        marketing_email: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toMatchObject({
      first_name: 'Alexandra',
      phone: '01423 500600',
      date_of_birth: '1990-05-01',
      marketing_email: true,
    });
    expect(dataOf(await get('/api/my-account/details', a)).address.town).toBe('Harrogate');
    await t.request({ method: 'PUT', url: '/api/my-account/details', as: a, payload: { first_name: 'Alex', phone: '' } });
    expect(dataOf(await get('/api/my-account/details', a))).toMatchObject({ first_name: 'Alex', phone: null });
  });

  it('answers bad fields with 422 and field errors, and changes nothing', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/my-account/details',
      as: a,
      payload: { first_name: '', phone: 'call me', date_of_birth: '1990-13-45', email: 'new@example.com' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['first_name', 'phone', 'date_of_birth']));
    expect(dataOf(await get('/api/my-account/details', a)).first_name).toBe('Alex');
  });

  it('needs a login', async () => {
    expect((await t.request({ method: 'GET', url: '/api/my-account/details' })).statusCode).toBe(401);
  });
});

describe('memberships, packages and guest passes', () => {
  it("lists the demo customer's membership and package, and nothing for a customer without", async () => {
    expect(dataOf(await get('/api/my-account/memberships', a))).toEqual([
      expect.objectContaining({ name: 'Off-peak monthly', status: 'active', price: expect.objectContaining({ formatted: '£24.00' }) }),
    ]);
    expect(dataOf(await get('/api/my-account/packages', a))).toEqual([
      expect.objectContaining({ name: '10 swim pass', uses: 10, uses_remaining: 7 }),
    ]);
    expect(dataOf(await get('/api/my-account/memberships', b))).toEqual([]);
    expect(dataOf(await get('/api/my-account/packages', b))).toEqual([]);
  });

  it('has no guest passes where the client does not enable them online', async () => {
    expect((await get('/api/my-account/guest-passes', a)).statusCode).toBe(404);
  });

  it('lists guest passes (none yet) where the client enables them', async () => {
    const { clients } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(clients).set({ onlineGuestPassesEnabled: true }).where(eq(clients.identifier, 'riverside'));
    t.app.deps.cache.clear('client:');
    const riverside = await t.sessionFor(demo.email, 'riverside');
    const res = await t.request({
      method: 'GET',
      url: '/api/my-account/guest-passes',
      as: riverside,
      headers: { 'client-domain-identifier': 'riverside' },
    });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toEqual([]);
  });
});

describe('the logged-in user result', () => {
  it('carries the live membership, the credit balance and outstanding penalties from the account tables', async () => {
    const alex = dataOf(await get('/api/auth/user', a));
    expect(alex.membership_user).toEqual({ id: expect.any(Number), home_venue_id: expect.any(Number) });
    const before = dataOf(await get('/api/auth/user', b));
    expect(before).toMatchObject({ membership_user: null, credit: { balance: 0 }, has_outstanding_penalties: false });

    const { creditLedger, penalties } = await import('../../db/schema');
    const clientId = await t.clientId('northfield');
    await t.database.db.insert(creditLedger).values([
      { clientId, userId: bId, kind: 'general', amount: 1500, reason: 'Refund' },
      { clientId, userId: bId, kind: 'general', amount: -500, reason: 'Spent' },
      { clientId, userId: bId, kind: 'membership', amount: 900, reason: 'Expired allowance', expiresAt: new Date(Date.now() - 60_000) },
    ]);
    await t.database.db.insert(penalties).values({ clientId, userId: bId, reason: 'No-show', amount: 300 });
    expect(dataOf(await get('/api/auth/user', b))).toMatchObject({ credit: { balance: 1000 }, has_outstanding_penalties: true });
  });
});

describe('bookings and payments', () => {
  it('lists the paid booking as upcoming, cancellable, and the order under payments with its status', async () => {
    const upcoming = await get('/api/my-account/bookings?when=upcoming', a);
    expect(upcoming.statusCode).toBe(200);
    const booking = dataOf(upcoming).find((x: Json) => x.id === order.line_items[0].booking.id);
    expect(booking).toMatchObject({ status: 'settled', can_cancel: true, venue: { slug: 'harrogate' }, name: expect.any(String) });
    expect(upcoming.json().meta).toMatchObject({ current_page: 1, total_records: expect.any(Number) });
    const payments = dataOf(await get('/api/my-account/payments', a));
    expect(payments[0]).toMatchObject({ id: order.id, status: 'success', refund_status: null, count: 1 });
    expect(dataOf(await get('/api/my-account/payments', b))).toEqual([]);
    // Past: only the seed's started 'Early spin' (decision 237), never the booking just paid for.
    expect(dataOf(await get('/api/my-account/bookings?when=past', a)).map((x: Json) => x.name)).toEqual(['Early spin']);
  });

  it('cancels a paid booking: it moves to past as cancelled, gives its place back, and cannot be cancelled twice', async () => {
    const mine = await buy(a);
    const bookingId = mine.line_items[0].booking.id;
    const before = dataOf(await get(`/api/activities/${(await occurrenceOf(bookingId)).occurrence_id}`, a));
    const res = await t.request({ method: 'DELETE', url: `/api/activities/bookings/${bookingId}?source=bookings`, as: a });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your booking has been cancelled.');
    expect(dataOf(res)).toMatchObject({ status: 'cancelled', can_cancel: false });
    const after = dataOf(await get(`/api/activities/${before.id}`, a));
    expect(after.capacity.available).toBe(before.capacity.available + 1);
    expect(dataOf(await get('/api/my-account/bookings?when=past', a)).map((x: Json) => x.id)).toContain(bookingId);
    expect(dataOf(await get('/api/my-account/bookings', a)).map((x: Json) => x.id)).not.toContain(bookingId);
    const again = await t.request({ method: 'DELETE', url: `/api/activities/bookings/${bookingId}`, as: a });
    expect(again.statusCode).toBe(409);
  });

  it('gives the place back once when the same cancellation arrives several times at once', async () => {
    const mine = await buy(a);
    const bookingId = mine.line_items[0].booking.id;
    const occurrenceId = (await occurrenceOf(bookingId)).occurrence_id;
    const before = dataOf(await get(`/api/activities/${occurrenceId}`, a)).capacity.available;
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => t.request({ method: 'DELETE', url: `/api/activities/bookings/${bookingId}?source=bookings`, as: a })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(dataOf(await get(`/api/activities/${occurrenceId}`, a)).capacity.available).toBe(before + 1);
  });

  it('pages the lists and validates the query', async () => {
    expect((await get('/api/my-account/bookings?when=later', a)).statusCode).toBe(422);
    expect((await get('/api/my-account/payments?per_page=101', a)).statusCode).toBe(422);
    const page = await get('/api/my-account/payments?per_page=1&page=1', a);
    expect(page.json().meta).toMatchObject({ records_per_page: 1, records_on_current_page: 1 });
  });
});

async function occurrenceOf(bookingId: number): Promise<Json> {
  const list = [...dataOf(await get('/api/my-account/bookings', a)), ...dataOf(await get('/api/my-account/bookings?when=past', a))];
  return list.find((x: Json) => x.id === bookingId);
}
