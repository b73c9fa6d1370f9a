import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookings, occurrences } from '../../db/schema';
import { addToBasket, customersAAndB, dayOf, openSpin } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { type SharedDay, SharedDays } from './shared-day';

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

describe('SharedDays', () => {
  const dayAt = (builtAt: number): SharedDay => ({
    rows: [],
    views: [],
    ids: [],
    scheduleIds: [],
    from: new Date(builtAt),
    to: new Date(builtAt),
    builtAt,
    closesAt: Number.POSITIVE_INFINITY,
  });

  it('shares a day within its ttl, reads it again after, and lets expired days go as new ones come in', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const days = new SharedDays(1000);
      const now = () => new Date(Date.now());
      let reads = 0;
      const load = async () => {
        reads++;
        return dayAt(Date.now());
      };
      const first = await days.get('a', now, load);
      expect(await days.get('a', now, load)).toBe(first);
      expect(reads).toBe(1);
      await days.get('b', now, load);
      expect(days.size).toBe(2);
      vi.advanceTimersByTime(1000);
      // Both have expired: reading a third day drops them.
      await days.get('c', now, load);
      expect(days.size).toBe(1);
      expect(await days.get('a', now, load)).not.toBe(first);
      expect(reads).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not reuse a day past the first moment one of its sessions closes', async () => {
    const days = new SharedDays(60_000);
    let clock = 1_000;
    const now = () => new Date(clock);
    let reads = 0;
    const load = async () => {
      reads++;
      return { ...dayAt(clock), closesAt: 2_000 };
    };
    await days.get('a', now, load);
    clock = 1_999;
    await days.get('a', now, load);
    expect(reads).toBe(1);
    clock = 2_000;
    await days.get('a', now, load);
    expect(reads).toBe(2);
  });
});
