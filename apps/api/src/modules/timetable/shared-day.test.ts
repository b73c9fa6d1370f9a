import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, occurrences } from '../../db/schema';
import { addToBasket, customersAAndB, dayOf, openSpin } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

// A minute, so the shared day outlives the test however slow the machine (decision 296).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TIMETABLE_CACHE_MS: '60000' } });
});
afterAll(() => t.close());

describe('a customer on the shared day (decision 296)', () => {
  it("shows the customer's own new booking at once while the day itself is still shared", async () => {
    const { a, b, bId } = await customersAAndB(t);
    const spin = await openSpin(t);
    const url = `/api/activities/venue/harrogate/activity/spin/v2/timetable?date=${dayOf(spin)}`;
    const session = async (as: string) => dataOf(await t.request({ method: 'GET', url, as })).find((o: Json) => o.id === spin.id);
    const before = await session(b);
    expect(before.bookable_action.action).toBe('book');

    // Booked and counted behind the process's back: no change through it clears the shared day.
    await t.database.db.insert(bookings).values({
      clientId: await t.clientId('northfield'),
      userId: bId,
      occurrenceId: spin.id,
      status: 'settled',
      capacityConsumed: 1,
    });
    await t.database.db
      .update(occurrences)
      .set({ capacityConsumed: sql`${occurrences.capacityConsumed} + 1`, consumedOnline: sql`${occurrences.consumedOnline} + 1` })
      .where(eq(occurrences.id, spin.id));

    const after = await session(b);
    // Their booking comes from what they hold, read on every call...
    expect(after.bookable_action.action).toBe('cancel_booking');
    expect(after.can_cancel).toBe(true);
    // ...while the session's places are the shared day's, read before the change.
    expect(after.capacity).toEqual(before.capacity);
    // Another customer sees the shared session as it was, and nothing of the first one's booking.
    const other = await session(a);
    expect(other.capacity).toEqual(before.capacity);
    expect(other.bookable_action.action).toBe('book');
    expect(other.can_cancel).toBe(false);

    // Any change through the process clears the shared day: the places counted are shown.
    expect((await addToBasket(t, a, spin.id)).statusCode).toBe(200);
    const fresh = await session(b);
    expect(fresh.bookable_action.action).toBe('cancel_booking');
    expect(fresh.capacity.available).toBeLessThan(before.capacity.available);
  });
});
