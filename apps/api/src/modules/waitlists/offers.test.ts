import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, jobs, occurrences, sessions, waitlistEntries } from '../../db/schema';
import { appJobs } from '../../jobs/handlers';
import { runDueJobs } from '../../jobs/runner';
import { ManualClock } from '../../lib/clock';
import { freshSession, type Json, newCustomers, northfieldShop } from '../../test/checkout-flow';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { expireOffer, OFFER_EXPIRY_JOB } from './offers';

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

    // The offer's expiry is a durable job, due exactly when the offer ends.
    const [entryA] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, a!.id));
    const expiryOf = async (entryId: number) =>
      (
        await db
          .select()
          .from(jobs)
          .where(and(eq(jobs.name, OFFER_EXPIRY_JOB), eq(jobs.uniqueKey, String(entryId))))
      )[0];
    expect((await expiryOf(entryA!.id))?.runAt.toISOString()).toBe(offeredA.offer.expires_at);
    // The worker's own run (runDueJobs with the fake clock): a second before the end nothing moves...
    const runJobs = () => runDueJobs(t.app.deps, clock.now(), { definitions: appJobs });
    const end = new Date(offeredA.offer.expires_at).getTime();
    clock.set(new Date(end - 1000));
    await db.update(sessions).set({ expiresAt: new Date(clock.now().getTime() + 86_400_000) });
    await runJobs();
    expect((await positions(a!))[0]).toMatchObject({ status: 'offered' });
    expect((await expiryOf(entryA!.id))?.status).toBe('queued');
    // ...then, A having not taken it, the job runs at the end and moves the offer to B, with B's own expiry job.
    clock.set(new Date(end + 1000));
    await runJobs();
    expect((await expiryOf(entryA!.id))?.status).toBe('done');
    expect((await db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, a!.id)))[0]?.status).toBe('expired');
    await expireOffer(t.app.deps, entryA!.id, clock.now()); // a job run again changes nothing more
    const offeredB = (await positions(b!))[0];
    expect(offeredB).toMatchObject({ status: 'offered' });
    const [entryB] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, b!.id));
    expect((await expiryOf(entryB!.id))?.runAt.toISOString()).toBe(offeredB.offer.expires_at);
    expect(new Date(offeredB.offer.expires_at).getTime() - clock.now().getTime()).toBe(2 * H);
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
