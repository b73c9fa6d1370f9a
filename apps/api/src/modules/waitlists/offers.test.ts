import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  jobs,
  linkedUsers,
  occurrences,
  restrictionCompletions,
  restrictions,
  schedules,
  sessions,
  users,
  waitlistEntries,
} from '../../db/schema';
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

describe('a waitlist place is no way round a waiver or an induction', () => {
  it('shows what is unmet on the offer, refuses to accept it until met, and keeps the offer meanwhile', async () => {
    clock.set(new Date());
    const { db } = t.database;
    const shop = await northfieldShop(db);
    // A gym session of one place with a waitlist: the seeded gym sessions need the gym induction.
    const [gym] = await db
      .select()
      .from(schedules)
      .where(and(eq(schedules.clientId, shop.clientId), eq(schedules.name, 'Gym session')));
    const occurrenceId = await freshSession(db, { ...shop, scheduleId: gym!.id, categoryId: gym!.categoryId }, 1);
    await db
      .update(occurrences)
      .set({ waitlistMaximum: 5, capacityConsumed: 1, consumedOnline: 1 })
      .where(eq(occurrences.id, occurrenceId));
    // And a waiver on the gym too, agreed on accepting.
    const [rules] = await db
      .insert(restrictions)
      .values({ clientId: shop.clientId, name: 'Gym rules', type: 'pre-purchase-waiver', terms: '<p>Wipe the machines down.</p>' })
      .returning();
    const { scheduleRestrictions } = await import('../../db/schema');
    await db.insert(scheduleRestrictions).values({ scheduleId: gym!.id, restrictionId: rules!.id });
    const [holder, newcomer] = await newCustomers(db, shop, 2, 'gate');
    const [paid] = await db
      .insert(bookings)
      .values({ clientId: shop.clientId, userId: holder!.id, occurrenceId, status: 'settled', capacityConsumed: 1, price: 650 })
      .returning();
    const req = (method: 'GET' | 'POST', url: string, payload?: Json) =>
      t.app.inject({
        method,
        url,
        headers: { cookie: newcomer!.cookie, 'client-domain-identifier': 'northfield' },
        ...(payload ? { payload } : {}),
      });
    expect((await req('POST', '/api/activities/waitlist/add', { item: { id: occurrenceId, type: 'occurrence' } })).statusCode).toBe(200);
    const staffCookie = await t.sessionFor('staff@example.com');
    await t.request({
      method: 'PATCH',
      url: `/api/v1/activities/bookings/${paid!.id}`,
      as: staffCookie,
      payload: { update_type: 'cancellation', cancellation_source: 'foh' },
    });
    const [mine] = dataOf(await req('GET', '/api/my-account/waitlists'));
    const url = `/api/waitlist-offers/${mine.offer.token}`;
    const offer = dataOf(await req('GET', url));
    expect(offer.restrictions).toMatchObject({
      pre_purchase_induction: { name: 'Gym induction', related_category: { slug: 'gym-induction' } },
      pre_purchase_waivers: [{ id: rules!.id, name: 'Gym rules' }],
    });

    const refused = await req('POST', `${url}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'induction_required',
      message: 'You need to book Gym induction before you can book this.',
    });
    expect(dataOf(await req('GET', url)).status).toBe('offered');

    // The induction done in person (recorded by staff): now only the waiver is in the way.
    const [induction] = await db
      .select()
      .from(restrictions)
      .where(and(eq(restrictions.clientId, shop.clientId), eq(restrictions.type, 'pre-purchase-induction')));
    await db.insert(restrictionCompletions).values({ restrictionId: induction!.id, userId: newcomer!.id });
    const noWaiver = await req('POST', `${url}/accept`, { activity_restriction_ids: [] });
    expect(noWaiver.statusCode).toBe(422);
    expect(noWaiver.json().errors).toEqual({ activity_restriction_ids: ['Please agree to Gym rules before booking.'] });
    const accepted = await req('POST', `${url}/accept`, { activity_restriction_ids: [rules!.id] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(dataOf(accepted).items.map((i: Json) => i.occurrence_id)).toEqual([occurrenceId]);
    await db.delete(scheduleRestrictions).where(eq(scheduleRestrictions.restrictionId, rules!.id));
  });
});

describe("an offer to someone's linked user", () => {
  it('is emailed to the parent who books for them as well, naming the child, and the parent can take it', async () => {
    clock.set(new Date());
    const { db } = t.database;
    const shop = await northfieldShop(db);
    const occurrenceId = await freshSession(db, shop, 1);
    await db
      .update(occurrences)
      .set({ waitlistMaximum: 5, capacityConsumed: 1, consumedOnline: 1 })
      .where(eq(occurrences.id, occurrenceId));
    const [holder, parent, child, stranger] = await newCustomers(db, shop, 4, 'fam');
    await db.insert(linkedUsers).values([
      { clientId: shop.clientId, userId: parent!.id, referencedUserId: child!.id, relationship: 'parent', status: 'successful' },
      // A link never accepted tells that person nothing.
      { clientId: shop.clientId, userId: stranger!.id, referencedUserId: child!.id, relationship: 'carer', status: 'pending' },
    ]);
    const [paid] = await db
      .insert(bookings)
      .values({ clientId: shop.clientId, userId: holder!.id, occurrenceId, status: 'settled', capacityConsumed: 1, price: 650 })
      .returning();
    const req = (who: { cookie: string }, method: 'GET' | 'POST', url: string, payload?: Json) =>
      t.app.inject({
        method,
        url,
        headers: { cookie: who.cookie, 'client-domain-identifier': 'northfield' },
        ...(payload ? { payload } : {}),
      });
    // The parent puts the child on the waitlist.
    const joined = await req(parent!, 'POST', `/api/v1/activities/occurrences/${occurrenceId}/waitlist/members`, {
      data: { user_id: child!.id },
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
    const staffCookie = await t.sessionFor('staff@example.com');
    const cancelled = await t.request({
      method: 'PATCH',
      url: `/api/v1/activities/bookings/${paid!.id}`,
      as: staffCookie,
      payload: { update_type: 'cancellation', cancellation_source: 'foh' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [held] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.occurrenceId, occurrenceId), eq(bookings.userId, child!.id)));
    const emails = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.uniqueKey} LIKE ${`${shop.clientId}:waitlist_offer:booking:${held!.id}%`}`);
    const byRecipient = new Map(emails.map((e) => [(e.payload as { to: string }).to, e.payload as Json]));
    expect([...byRecipient.keys()].sort()).toEqual(
      [(await emailOf(db, parent!.id)) as string, (await emailOf(db, child!.id)) as string].sort(),
    );
    expect(byRecipient.get((await emailOf(db, parent!.id)) as string)).toMatchObject({
      kind: 'waitlist_offer',
      data: { customerName: 'fam', session: { attendee: 'fam 2' } },
    });
    expect(byRecipient.get((await emailOf(db, child!.id)) as string)).toMatchObject({ data: { session: { attendee: null } } });
    // The parent follows the link: the child's place is in the parent's basket, for the child.
    const token = String((byRecipient.get((await emailOf(db, parent!.id)) as string) as { data: { link: string } }).data.link)
      .split('/')
      .at(-1);
    const accepted = await req(parent!, 'POST', `/api/waitlist-offers/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(dataOf(accepted).items).toHaveLength(1);
  });
});

const emailOf = async (db: TestApp['database']['db'], id: number) =>
  (await db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;
