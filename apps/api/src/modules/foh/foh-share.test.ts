import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { occurrences } from '../../db/schema';
import { customersAAndB, dayOf, openSpin, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

let t: TestApp;
let desk: string;
let a: string;
let aId: number;
let bId: number;

beforeAll(async () => {
  t = await createTestApp();
  desk = await t.sessionFor(staff.email);
  ({ a, aId, bId } = await customersAAndB(t));
});
afterAll(() => t.close());

/** One session of the day as a caller sees it, at the source asked for. */
async function seen(o: Json, as: string, source?: 'foh'): Promise<Json> {
  const url = `/api/activities/venue/harrogate/activity/spin/v2/timetable?date=${dayOf(o)}${source ? `&source=${source}` : ''}`;
  return dataOf(await t.request({ method: 'GET', url, as })).find((x: Json) => x.id === o.id);
}

const addFor = (userId: number, id: string) =>
  t.request({
    method: 'POST',
    url: '/api/checkout/cart/add',
    as: desk,
    payload: { selected_user_id: userId, items: [{ id, type: 'purchasableOccurrence' }] },
  });

describe('booking at the desk with a split capacity (decision 162)', () => {
  it("counts the desk's places against the foh share only, and refuses once that share is gone", async () => {
    const o = await openSpin(t, a);
    const [row] = await t.database.db.select().from(occurrences).where(eq(occurrences.id, o.id));
    if (!row) throw new Error('no session');
    // Split: the online share is what is taken now plus ten; the desk has one place of its own.
    await t.database.db
      .update(occurrences)
      .set({
        capacityStrategy: 'split',
        capacityOnline: row.capacityConsumed + 10,
        consumedOnline: row.capacityConsumed,
        capacityFoh: 1,
        consumedFoh: 0,
        capacityMaximum: row.capacityConsumed + 11,
      })
      .where(eq(occurrences.id, o.id));
    // Changed behind the process's back, which a customer's shared day shows within TIMETABLE_CACHE_MS (decision
    // 296); this test is about the shares, not that second, so the process forgets the day it read before.
    t.app.deps.days.clear();
    const onlineBefore = (await seen(o, a)).capacity;
    expect((await seen(o, desk, 'foh')).capacity).toMatchObject({ maximum: 1, consumed: 0, available: 1 });

    expect((await addFor(aId, o.id)).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(occurrences).where(eq(occurrences.id, o.id));
    expect(after).toMatchObject({ consumedFoh: 1, consumedOnline: row.capacityConsumed });
    expect((await seen(o, desk, 'foh')).capacity).toMatchObject({ maximum: 1, consumed: 1, available: 0 });
    // Customers online still see their own share untouched.
    expect((await seen(o, a)).capacity).toEqual(onlineBefore);
    // The desk's share is gone: the next desk booking is refused though online places remain.
    const full = await addFor(bId, o.id);
    expect(full.statusCode).toBe(409);
  });
});
