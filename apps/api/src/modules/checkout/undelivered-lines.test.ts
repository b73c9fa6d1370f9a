import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { bookings, occurrences, packagePlans, packages, users, waitlistEntries } from '../../db/schema';
import { creditCustomer } from '../../seed/checkout';
import { demo, openSpin } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { answersFor, programmeAt, waiverIdsOf } from '../../test/programme-fixtures';

let t: TestApp;
let as: string;
let waitingUserId: number;

beforeAll(async () => {
  t = await createTestApp();
  as = await t.sessionFor(demo.email);
  const [casey] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, creditCustomer.email), eq(users.clientId, await t.clientId('northfield'))));
  waitingUserId = casey!.id;
});
afterAll(() => t.close());

/**
 * A course paid for after its holds lapsed, when one of its sessions has been sold meanwhile (decision 033: the line
 * is credited, nothing of it kept). Completion reaches the sessions in id order: the ones before the lost session
 * were settled and are undone, the lost one cannot be had, and the ones after it were never reached. Every place the
 * order does not keep goes back at once, and to the session's waitlist as a cancellation's would.
 */
describe('a course line that cannot be delivered at completion', () => {
  it('keeps no place of it, gives every place back at once and offers them to the waitlists', async () => {
    const course = await programmeAt(t, 'courses', as);
    const added = await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as,
      payload: {
        items: [
          { id: course.id, type: 'course', custom_question_answers: answersFor(course), activity_restriction_ids: waiverIdsOf(course) },
        ],
      },
    });
    expect(added.statusCode).toBe(200);
    const [line] = dataOf(added).items;
    const sessions = [...(line.occurrence_ids as string[])].sort();
    expect(sessions.length).toBeGreaterThanOrEqual(4);
    const [first, , lost] = sessions as [string, string, string];
    const last = sessions.at(-1) as string;
    const db = t.database.db;
    // Paid for (authorised) while every place was held...
    const session = dataOf(await t.request({ method: 'GET', url: '/api/checkout/prepare', as }));
    const card = await t.app.inject({
      method: 'POST',
      url: '/sandbox-provider/v1/card-identifiers',
      payload: {
        session_key: session.session_key,
        card_holder_name: 'A Morgan',
        card_number: '4242424242424242',
        expiry: '12/30',
        security_code: '123',
      },
    });
    const auth = dataOf(
      await t.request({
        method: 'POST',
        url: '/api/checkout/authorise',
        as,
        payload: {
          session_key: session.session_key,
          card_identifier: card.json().card_identifier,
          item_hash: session.item_hash,
          terms: true,
        },
      }),
    );
    expect(auth.transaction_status).toBe('authorised');

    // Someone waits for the first session (its place comes back by the undo) and the last (never reached).
    await db
      .update(occurrences)
      .set({ waitlistMaximum: 10 })
      .where(inArray(occurrences.id, [first, last]));
    const clientId = await t.clientId('northfield');
    await db.insert(waitlistEntries).values([first, last].map((occurrenceId) => ({ clientId, occurrenceId, userId: waitingUserId })));
    // The hold on the third session lapsed and was released, and its last place was sold to someone else.
    const [held] = await db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancellationSource: 'hold_expired' })
      .where(and(eq(bookings.cartItemId, line.id), eq(bookings.occurrenceId, lost)))
      .returning();
    await db
      .update(occurrences)
      .set({ capacityConsumed: sql`${occurrences.capacityConsumed} - ${held!.capacityConsumed}` })
      .where(eq(occurrences.id, lost));
    await db
      .update(occurrences)
      .set({ capacityMaximum: sql`${occurrences.capacityConsumed}` })
      .where(eq(occurrences.id, lost));

    // ...and completed only now.
    const complete = await t.request({
      method: 'POST',
      url: '/api/checkout/complete',
      as,
      payload: { transaction_uuid: auth.transaction_uuid, item_hash: session.item_hash, terms: true },
    });
    expect(complete.statusCode, complete.body).toBe(200);
    expect(dataOf(complete).credited?.value).toBe(line.price.value);

    // Nothing of the line is kept, and nothing of it is still held on the completed basket.
    const left = await db
      .select({ occurrenceId: bookings.occurrenceId, status: bookings.status })
      .from(bookings)
      .where(and(eq(bookings.cartItemId, line.id), inArray(bookings.status, ['reserved', 'settled'])));
    expect(left).toEqual([]);
    // Every session's count is its live bookings: each place the order did not keep went back.
    const counts = await queryRows<{ id: string; consumed: number; live: number }>(
      db,
      sql`SELECT o.id, o.capacity_consumed::int AS consumed,
            coalesce((SELECT sum(b.capacity_consumed) FROM bookings b
                      WHERE b.occurrence_id = o.id AND b.status IN ('reserved', 'settled')), 0)::int AS live
          FROM occurrences o WHERE o.id IN ${sessions}`,
    );
    for (const c of counts) expect(c.consumed, c.id).toBe(c.live);
    // The places went to the people waiting, as held offers.
    const offers = await db
      .select({ occurrenceId: waitlistEntries.occurrenceId, status: waitlistEntries.status, booking: bookings.status })
      .from(waitlistEntries)
      .leftJoin(bookings, eq(bookings.id, waitlistEntries.offerBookingId))
      .where(and(eq(waitlistEntries.userId, waitingUserId), inArray(waitlistEntries.occurrenceId, [first, last])));
    expect(offers.sort((a, b) => a.occurrenceId.localeCompare(b.occurrenceId))).toEqual(
      [first, last].sort().map((occurrenceId) => ({ occurrenceId, status: 'offered', booking: 'reserved' })),
    );
  });
});

describe('a session paid with a package whose last use went elsewhere before completion', () => {
  it('is not delivered, and its held place goes back at once instead of staying held on the completed basket', async () => {
    const db = t.database.db;
    const northfield = await t.clientId('northfield');
    const [me] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, demo.email), eq(users.clientId, northfield)));
    const [plan] = await db
      .insert(packagePlans)
      .values({ clientId: northfield, name: 'Any class, 1 use', price: 600, uses: 1, validDays: 30 })
      .returning();
    const [pkg] = await db
      .insert(packages)
      .values({
        clientId: northfield,
        userId: me!.id,
        planId: plan!.id,
        usesRemaining: 1,
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning();
    const spin = (await openSpin(t, as)).id as string;
    const added = dataOf(
      await t.request({
        method: 'POST',
        url: '/api/checkout/cart/add',
        as,
        payload: { items: [{ id: spin, type: 'purchasableOccurrence' }] },
      }),
    );
    expect(added.items[0].price).toMatchObject({ value: 0, package_applied: true });
    const session = dataOf(await t.request({ method: 'GET', url: '/api/checkout/prepare', as }));
    const auth = dataOf(
      await t.request({ method: 'POST', url: '/api/checkout/authorise', as, payload: { item_hash: session.item_hash, terms: true } }),
    );
    expect(auth.transaction_status).toBe('authorised');
    // The use is spent elsewhere (at the desk, say) before this basket completes.
    await db.update(packages).set({ usesRemaining: 0 }).where(eq(packages.id, pkg!.id));
    const done = await t.request({
      method: 'POST',
      url: '/api/checkout/complete',
      as,
      payload: { transaction_uuid: auth.transaction_uuid, item_hash: session.item_hash, terms: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    const kept = await db
      .select({ status: bookings.status })
      .from(bookings)
      .where(and(eq(bookings.cartItemId, added.items[0].id), inArray(bookings.status, ['reserved', 'settled'])));
    expect(kept).toEqual([]);
    const [count] = await queryRows<{ consumed: number; live: number }>(
      db,
      sql`SELECT o.capacity_consumed::int AS consumed,
            coalesce((SELECT sum(b.capacity_consumed) FROM bookings b
                      WHERE b.occurrence_id = o.id AND b.status IN ('reserved', 'settled')), 0)::int AS live
          FROM occurrences o WHERE o.id = ${spin}`,
    );
    expect(count?.consumed).toBe(count?.live);
  });
});
