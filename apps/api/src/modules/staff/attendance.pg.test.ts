import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, occurrences, penalties, penaltyPolicies } from '../../db/schema';
import { freshSession, newCustomers, northfieldShop, type Shop } from '../../test/checkout-flow';
import { staff } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * Marking attendance under concurrency, on PostgreSQL (decision 234): two registers marking the same bookings at
 * once, one absent and one attended, or both absent, leave every booking's penalty matching its final mark; a
 * cancelled booking is never marked.
 */
let t: TestApp;
let shop: Shop;
const TRIALS = 12;

beforeAll(async () => {
  t = await createTestApp();
  shop = await northfieldShop(t.database.db);
  await t.database.db.delete(penaltyPolicies).where(eq(penaltyPolicies.clientId, shop.clientId));
  await t.database.db.insert(penaltyPolicies).values({
    clientId: shop.clientId,
    absentAction: 'fee',
    lateCancellationAction: 'none',
    feeAmount: 500,
    strikesToBlock: 0,
    strikeWindowDays: 0,
    blockDays: 0,
  });
});
afterAll(() => t.close());

/** A session that started ten minutes ago with a settled booking for each of `n` new customers. */
async function startedSessionWith(n: number): Promise<{ occurrenceId: string; ids: number[] }> {
  const occurrenceId = await freshSession(t.database.db, shop, n + 2);
  const startsAt = new Date(Date.now() - 10 * 60_000);
  await t.database.db
    .update(occurrences)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 45 * 60_000), capacityConsumed: n, consumedOnline: n })
    .where(eq(occurrences.id, occurrenceId));
  const people = await newCustomers(t.database.db, shop, n, 'mark');
  const rows = await t.database.db
    .insert(bookings)
    .values(
      people.map((p) => ({
        clientId: shop.clientId,
        userId: p.id,
        occurrenceId,
        status: 'settled' as const,
        capacityConsumed: 1,
        price: 650,
      })),
    )
    .returning({ id: bookings.id });
  return { occurrenceId, ids: rows.map((r) => r.id) };
}

const mark = (desk: string, occurrenceId: string, bookingIds: number[], status: 'attended' | 'absent') =>
  t.request({
    method: 'POST',
    url: `/api/staff/registers/${occurrenceId}/attendance`,
    as: desk,
    payload: { booking_ids: bookingIds, status },
  });

async function outstandingFees(ids: number[]): Promise<Map<number, number>> {
  const rows = await t.database.db
    .select({ bookingId: penalties.bookingId })
    .from(penalties)
    .where(and(inArray(penalties.bookingId, ids), eq(penalties.status, 'outstanding')));
  const n = new Map<number, number>();
  for (const r of rows) n.set(r.bookingId as number, (n.get(r.bookingId as number) ?? 0) + 1);
  return n;
}

describe('attendance marked from two registers at once', () => {
  it('leaves a fee exactly on the bookings whose final mark is absent, however the marks interleave', async () => {
    const [x, y] = [await t.sessionFor(staff.email), await t.sessionFor(staff.email)];
    for (let trial = 0; trial < TRIALS; trial++) {
      const { occurrenceId, ids } = await startedSessionWith(3);
      // "All absent" on one tablet while the other marks them attended, in the other order.
      const answers = await Promise.all([
        mark(x, occurrenceId, ids, 'absent'),
        mark(y, occurrenceId, [...ids].reverse(), 'attended'),
        mark(x, occurrenceId, ids, 'absent'),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      const now = await t.database.db.select().from(bookings).where(inArray(bookings.id, ids));
      const fees = await outstandingFees(ids);
      for (const b of now)
        expect([trial, b.id, b.attended, fees.get(b.id) ?? 0]).toEqual([trial, b.id, b.attended, b.attended === 'absent' ? 1 : 0]);
    }
  });

  it('makes one fee when two registers mark the same booking absent at once', async () => {
    const desks = await Promise.all([1, 2, 3, 4].map(() => t.sessionFor(staff.email)));
    for (let trial = 0; trial < TRIALS; trial++) {
      const { occurrenceId, ids } = await startedSessionWith(2);
      const answers = await Promise.all(desks.map((d) => mark(d, occurrenceId, ids, 'absent')));
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      const fees = await outstandingFees(ids);
      expect(ids.map((id) => fees.get(id) ?? 0)).toEqual([1, 1]);
    }
  });

  it('never marks a booking cancelled before or while the register is taken', async () => {
    const desk = await t.sessionFor(staff.email);
    const { occurrenceId, ids } = await startedSessionWith(2);
    const [kept, cancelled] = ids as [number, number];
    await t.database.db.update(bookings).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bookings.id, cancelled));
    const alone = await mark(desk, occurrenceId, [cancelled], 'absent');
    expect(alone.statusCode).toBeGreaterThanOrEqual(400);
    expect(alone.statusCode).toBeLessThan(500);
    expect((await mark(desk, occurrenceId, ids, 'absent')).statusCode).toBe(200);
    const after = await t.database.db.select().from(bookings).where(inArray(bookings.id, ids));
    expect(after.find((b) => b.id === cancelled)?.attended).toBeNull();
    expect(after.find((b) => b.id === kept)?.attended).toBe('absent');
    expect(await outstandingFees([cancelled])).toEqual(new Map());
    // A cancel landing while a mark is under way: whichever wins, a cancelled booking carries no mark and no fee.
    for (let trial = 0; trial < TRIALS; trial++) {
      const s = await startedSessionWith(1);
      const id = s.ids[0] as number;
      await Promise.all([
        mark(desk, s.occurrenceId, [id], 'absent'),
        t.database.db
          .update(bookings)
          .set({ status: 'cancelled', cancelledAt: new Date() })
          .where(and(eq(bookings.id, id), eq(bookings.status, 'settled'))),
      ]);
      const [b] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
      const fees = await outstandingFees([id]);
      if (b?.status === 'cancelled' && b.attended === null) expect(fees.get(id) ?? 0).toBe(0);
      else expect([b?.attended, fees.get(id) ?? 0]).toEqual(['absent', 1]);
    }
  });
});
