import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations, occurrences } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { dayOf, openSpin } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

// The visitors' answer cache and the shared day off: every answer reads the day from the database, and the views'
// memo (decision 307) is all that is kept between answers.
const clock = new ManualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TIMETABLE_CACHE_MS: '0' }, clock });
});
afterAll(() => t.close());

describe("a visitor's day, read on every call (decision 307)", () => {
  it('gives the same answer twice, and shows a change made behind the process at once', async () => {
    const spin = await openSpin(t);
    const url = `/api/activities/venue/harrogate/activity/spin/v2/timetable?date=${dayOf(spin)}`;
    const first = await t.request({ method: 'GET', url });
    const again = await t.request({ method: 'GET', url });
    expect(again.body).toBe(first.body);
    const before = dataOf(first).find((o: Json) => o.id === spin.id);

    // A place taken without going through this process: nothing is cleared, the row simply reads differently.
    await t.database.db
      .update(occurrences)
      .set({ capacityConsumed: sql`${occurrences.capacityConsumed} + 1`, consumedOnline: sql`${occurrences.consumedOnline} + 1` })
      .where(eq(occurrences.id, spin.id));
    const after = dataOf(await t.request({ method: 'GET', url })).find((o: Json) => o.id === spin.id);
    expect(after.capacity.consumed).toBe(before.capacity.consumed + 1);
    expect(after.capacity.available).toBe(before.capacity.available - 1);
    // The other sessions of the day are as they were.
    const others = (body: string) => (JSON.parse(body).data as Json[]).filter((o) => o.id !== spin.id);
    expect(others((await t.request({ method: 'GET', url })).body)).toEqual(others(first.body));
  });

  it('closes a session when the clock passes its close, though its row has not changed', async () => {
    const spin = await openSpin(t);
    const url = `/api/activities/venue/harrogate/activity/spin/v2/timetable?date=${dayOf(spin)}`;
    const session = async () => dataOf(await t.request({ method: 'GET', url })).find((o: Json) => o.id === spin.id);
    expect((await session()).bookable_action.action).toBe('book');
    const closes = new Date(spin.last_bookable_at ?? spin.starts_at.utc);
    try {
      clock.set(new Date(closes.getTime() - 1));
      expect((await session()).bookable_action.action).toBe('book');
      clock.set(closes);
      expect((await session()).bookable_action).toEqual({ action: null, message: 'Booking has closed for this session' });
    } finally {
      clock.set(new Date());
    }
    expect((await session()).bookable_action.action).toBe('book');
  });

  it("shows a space's new name once the client's reference data is read again", async () => {
    const spin = await openSpin(t);
    const url = `/api/activities/venue/harrogate/activity/spin/v2/timetable?date=${dayOf(spin)}`;
    const session = async () => dataOf(await t.request({ method: 'GET', url })).find((o: Json) => o.id === spin.id);
    const before = await session();
    const space = before.locations[0];
    await t.database.db.update(locations).set({ name: 'Studio Nine' }).where(eq(locations.id, space.id));
    try {
      // The names are the client's reference data, read again when the client cache is (a change through the
      // process clears it; here it is cleared by hand): the session's row is the same text, its view is not.
      t.app.deps.cache.clear('reference:');
      const after = await session();
      expect(after.locations[0]).toEqual({ ...space, name: 'Studio Nine', names: ['Studio Nine', ...space.names.slice(1)] });
      expect(after.location_name).toContain('Studio Nine');
    } finally {
      await t.database.db.update(locations).set({ name: space.name }).where(eq(locations.id, space.id));
      t.app.deps.cache.clear('reference:');
    }
  });
});
