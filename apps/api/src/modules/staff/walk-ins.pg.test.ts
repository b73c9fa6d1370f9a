import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, occurrences } from '../../db/schema';
import { freshSession, newCustomers, northfieldShop, type Shop } from '../../test/checkout-flow';
import { staff } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * Walk-ins on the last place (decision 166), on PostgreSQL: eight tablets add eight different walk-ins to a session
 * with one place left, all at once. The conditional UPDATE lets exactly one through.
 */
let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await northfieldShop(t.database.db);
});
afterAll(() => t.close());

describe('walk-ins under concurrency', () => {
  it('gives the last place to exactly one of eight concurrent walk-ins', async () => {
    const occurrenceId = await freshSession(t.database.db, shop, 3);
    await t.database.db.update(occurrences).set({ capacityConsumed: 2, consumedOnline: 2 }).where(eq(occurrences.id, occurrenceId));
    const people = await newCustomers(t.database.db, shop, 8, 'lastplace');
    const desks = await Promise.all(people.map(() => t.sessionFor(staff.email)));
    const answers = await Promise.all(
      people.map((p, i) =>
        t.request({ method: 'POST', url: `/api/staff/registers/${occurrenceId}/walk-ins`, as: desks[i], payload: { user_id: p.id } }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const [o] = await t.database.db.select().from(occurrences).where(eq(occurrences.id, occurrenceId));
    expect(o).toMatchObject({ capacityConsumed: 3, consumedFoh: 1 });
    const live = await t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.occurrenceId, occurrenceId), ne(bookings.status, 'cancelled')));
    expect(live).toHaveLength(1);
  });
});
