import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, clients, occurrences, packagePlans, packages, users, waitlistEntries } from '../../db/schema';
import { freshSession, northfieldShop } from '../../test/checkout-flow';
import { addToBasket, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

/** Issue 11, item 3's loose ends: a package's use given back on cancelling; a place made by raising capacity offered. */
let t: TestApp;
let northfield: number;
beforeAll(async () => {
  t = await createTestApp();
  const [c] = await t.database.db.select().from(clients).where(eq(clients.identifier, 'northfield'));
  northfield = c!.id;
});
afterAll(() => t.close());

async function customer(tag: string): Promise<{ id: number; as: string }> {
  const [u] = await t.database.db
    .insert(users)
    .values({
      clientId: northfield,
      reference: tag.toUpperCase(),
      email: `${tag}@example.invalid`,
      passwordHash: '!',
      firstName: 'P',
      lastName: tag,
    })
    .returning({ id: users.id });
  return { id: u!.id, as: await t.sessionFor(`${tag}@example.invalid`) };
}

describe('cancelling a booking a package paid for', () => {
  it('gives the use back to the package, once', async () => {
    const casey = await customer('pkgback');
    const [plan] = await t.database.db
      .insert(packagePlans)
      .values({ clientId: northfield, name: 'Any class, 2 uses', price: 1200, uses: 2, validDays: 30 })
      .returning();
    const [pkg] = await t.database.db
      .insert(packages)
      .values({
        clientId: northfield,
        userId: casey.id,
        planId: plan!.id,
        usesRemaining: 2,
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning();
    // Two days ahead: outside Northfield's one-day cut-off.
    const occurrenceId = await freshSession(t.database.db, await northfieldShop(t.database.db), 5);
    const added = dataOf(await addToBasket(t, casey.as, occurrenceId));
    expect(added.items[0].price).toMatchObject({ value: 0, package_applied: true });
    const session = dataOf(await t.request({ method: 'GET', url: '/api/checkout/prepare', as: casey.as }));
    const auth = dataOf(
      await t.request({
        method: 'POST',
        url: '/api/checkout/authorise',
        as: casey.as,
        payload: { item_hash: session.item_hash, terms: true },
      }),
    );
    const done = await t.request({
      method: 'POST',
      url: '/api/checkout/complete',
      as: casey.as,
      payload: { transaction_uuid: auth.transaction_uuid, item_hash: session.item_hash, terms: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    const usesLeft = async () => (await t.database.db.select().from(packages).where(eq(packages.id, pkg!.id)))[0]?.usesRemaining;
    expect(await usesLeft()).toBe(1);
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.userId, casey.id));
    const cancel = () => t.request({ method: 'DELETE', url: `/api/activities/bookings/${booking!.id}`, as: casey.as });
    const first = await cancel();
    expect(first.statusCode, first.body).toBe(200);
    expect(await usesLeft()).toBe(2);
    // A second click changes nothing: the use came back once.
    expect((await cancel()).statusCode).toBe(409);
    expect(await usesLeft()).toBe(2);
  });
});

describe('raising a full session’s capacity', () => {
  it('offers the new places to the first in the queue, in order', async () => {
    const { db } = t.database;
    const shop = await northfieldShop(db);
    const occurrenceId = await freshSession(db, shop, 1);
    const holder = await customer('capholder');
    const queue = [await customer('capq1'), await customer('capq2'), await customer('capq3')];
    await db
      .insert(bookings)
      .values({ clientId: northfield, userId: holder.id, occurrenceId, status: 'settled', capacityConsumed: 1, price: 650 });
    await db
      .update(occurrences)
      .set({ capacityConsumed: 1, consumedOnline: 1, waitlistMaximum: 5 })
      .where(eq(occurrences.id, occurrenceId));
    for (const q of queue) {
      const joined = await t.request({
        method: 'POST',
        url: '/api/activities/waitlist/add',
        as: q.as,
        payload: { item: { id: occurrenceId, type: 'occurrence' } },
      });
      expect(joined.statusCode, joined.body).toBe(200);
    }
    const raised = await t.request({
      method: 'PATCH',
      url: `/api/v1/activities/occurrences/${occurrenceId}`,
      as: await t.sessionFor(staff.email),
      payload: { capacity: { strategy: 'shared', capacity: 3 } },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const mine = async (q: { as: string }) => dataOf(await t.request({ method: 'GET', url: '/api/my-account/waitlists', as: q.as }))[0];
    expect(await mine(queue[0]!)).toMatchObject({ status: 'offered', position: null });
    expect(await mine(queue[1]!)).toMatchObject({ status: 'offered', position: null });
    expect(await mine(queue[2]!)).toMatchObject({ status: 'waiting', position: 1 });
    const [o] = await db.select().from(occurrences).where(eq(occurrences.id, occurrenceId));
    expect(o?.capacityConsumed).toBe(3);
    const entries = await db.select().from(waitlistEntries).where(eq(waitlistEntries.occurrenceId, occurrenceId));
    expect(entries.filter((e) => e.status === 'offered')).toHaveLength(2);
  });
});
