import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, jobs, occurrences, sessions, waitlistEntries } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { freshSession, type Json, newCustomers, northfieldShop } from '../../test/checkout-flow';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { expireOffer } from './offers';

/**
 * Issue 11, item 4, with a fake clock: a place freed on a full session goes to the first in the queue (held for 2
 * hours, a walk-up customer cannot take it), the offer runs out and moves to the next person, who follows the link
 * and finds the place in their basket.
 */
const clock = new ManualClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const H = 3_600_000;

describe('waitlist offers', () => {
  it('offers the freed place to the first in the queue, then the next when the offer runs out', async () => {
    const { db } = t.database;
    const shop = await northfieldShop(db);
    const occurrenceId = await freshSession(db, shop, 1);
    await db.update(occurrences).set({ waitlistMaximum: 5 }).where(eq(occurrences.id, occurrenceId));
    const [holder, a, b, walkUp] = await newCustomers(db, shop, 4, 'wl');
    const cookie = (c: { cookie: string }) => c.cookie.split('=')[1] as string;
    const as = (c: { cookie: string }) => `northfield_session=${cookie(c)}`;
    // The one place is paid for.
    const [paid] = await db
      .insert(bookings)
      .values({ clientId: shop.clientId, userId: holder!.id, occurrenceId, status: 'settled', capacityConsumed: 1, price: 650 })
      .returning();
    await db.update(occurrences).set({ capacityConsumed: 1, consumedOnline: 1 }).where(eq(occurrences.id, occurrenceId));
    const req = (who: { cookie: string }, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Json) =>
      t.app.inject({
        method,
        url,
        headers: { cookie: as(who), 'client-domain-identifier': 'northfield' },
        ...(payload ? { payload } : {}),
      });

    for (const who of [a!, b!]) {
      const joined = await req(who, 'POST', '/api/activities/waitlist/add', { item: { id: occurrenceId, type: 'occurrence' } });
      expect(joined.statusCode, joined.body).toBe(200);
      clock.advance(1000);
    }
    const positions = async (who: { cookie: string }) => dataOf(await req(who, 'GET', '/api/my-account/waitlists'));
    expect((await positions(b!))[0]).toMatchObject({ status: 'waiting', position: 2, offer: null });

    // The holder cancels: the place goes straight to A, held for 2 hours; a walk-up customer finds it full.
    const staffCookie = await t.sessionFor('staff@example.com');
    const cancelled = await t.request({
      method: 'PATCH',
      url: `/api/v1/activities/bookings/${paid!.id}`,
      as: staffCookie,
      payload: { update_type: 'cancellation', cancellation_source: 'foh' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const offeredA = (await positions(a!))[0];
    expect(offeredA).toMatchObject({ status: 'offered', position: null });
    expect(new Date(offeredA.offer.expires_at).getTime() - clock.now().getTime()).toBe(2 * H);
    expect((await positions(b!))[0]).toMatchObject({ status: 'waiting', position: 1 });
    const walk = await req(walkUp!, 'POST', '/api/checkout/cart/add', { items: [{ id: occurrenceId, type: 'purchasableOccurrence' }] });
    expect(walk.statusCode).toBe(409);
    const emails = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.uniqueKey} LIKE ${`${shop.clientId}:waitlist_offer:%`}`);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.payload).toMatchObject({
      kind: 'waitlist_offer',
      data: { link: expect.stringContaining(`/waitlist-offer/${offeredA.offer.token}`) },
    });

    // Two hours on, A did not take it: the expiry job moves it to B.
    clock.advance(2 * H + 1000);
    await db.update(sessions).set({ expiresAt: new Date(clock.now().getTime() + 86_400_000) });
    const [entryA] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, a!.id));
    await expireOffer(t.app.deps, entryA!.id, clock.now());
    await expireOffer(t.app.deps, entryA!.id, clock.now()); // a job run twice changes nothing more
    expect((await db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, a!.id)))[0]?.status).toBe('expired');
    const offeredB = (await positions(b!))[0];
    expect(offeredB).toMatchObject({ status: 'offered' });
    // A's old link no longer works; B's puts the place in B's basket, once.
    expect((await req(a!, 'POST', `/api/waitlist-offers/${offeredA.offer.token}/accept`)).statusCode).toBe(409);
    const accepted = await req(b!, 'POST', `/api/waitlist-offers/${offeredB.offer.token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(dataOf(accepted).items).toHaveLength(1);
    expect((await req(b!, 'POST', `/api/waitlist-offers/${offeredB.offer.token}/accept`)).statusCode).toBe(409);
    // Someone else's link is not found.
    expect((await req(a!, 'GET', `/api/waitlist-offers/${offeredB.offer.token}`)).statusCode).toBe(404);
    const [o] = await db.select().from(occurrences).where(eq(occurrences.id, occurrenceId));
    expect(o?.capacityConsumed).toBe(1);
  });
});
