import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { bookingCancellations, bookings, carts, creditLedger, jobs, orders, paymentLines } from '../../db/schema';
import { freshSession, newCustomers, northfieldShop, type Shop } from '../../test/checkout-flow';
import { createTestApp, type TestApp } from '../../test/harness';
import { cancelBookingIds } from './service';

/**
 * Issue 11's audit, item 4, on PostgreSQL: two cancellations of one order at once must leave the order's
 * refund_status true. One gives £6.50 back as credit; the other (a free session of the same order) gives nothing
 * back, and once took no lock, so it could read the sums before the first committed and write its stale answer
 * (nothing back) after. The interleaving is forced, not hoped for: this test holds the first cancellation inside its
 * transaction (its email's job key is taken by a transaction of the test's own), starts the second, and lets the
 * first go only once both wait.
 */
let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await northfieldShop(t.database.db);
});
afterAll(() => t.close());

const waitFor = async (what: string, probe: () => Promise<boolean>, ms = 60_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

const waitingOnLocks = async () =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      )
    )[0]?.n ?? 0,
  );

describe("an order's refund_status under concurrent cancellations", () => {
  it('is the true one whichever cancellation commits last', async () => {
    const { db } = t.database;
    const [who] = await newCustomers(db, shop, 1, 'rsrace');
    // One order: a £6.50 class paid by general credit (Northfield's policy gives it back as credit) and a free one.
    const paidSession = await freshSession(db, shop, 5);
    const freeSession = await freshSession(db, shop, 5, 0);
    const [cart] = await db
      .insert(carts)
      .values({ clientId: shop.clientId, userId: who!.id, source: 'activity-booking', status: 'completed' })
      .returning();
    const [order] = await db
      .insert(orders)
      .values({
        clientId: shop.clientId,
        userId: who!.id,
        cartId: cart!.id,
        cartSource: 'activity-booking',
        source: 'online',
        status: 'success',
        currency: 'GBP',
        total: 650,
        balance: 0,
      })
      .returning();
    await db.insert(paymentLines).values({ clientId: shop.clientId, orderId: order!.id, tenderType: 'general-credit', amount: 650 });
    await db
      .insert(creditLedger)
      .values({ clientId: shop.clientId, userId: who!.id, kind: 'general', amount: -650, reason: 'Paid', orderId: order!.id });
    const [paid, free] = await db
      .insert(bookings)
      .values([
        {
          clientId: shop.clientId,
          userId: who!.id,
          occurrenceId: paidSession,
          orderId: order!.id,
          status: 'settled',
          capacityConsumed: 1,
          price: 650,
        },
        {
          clientId: shop.clientId,
          userId: who!.id,
          occurrenceId: freeSession,
          orderId: order!.id,
          status: 'settled',
          capacityConsumed: 1,
          price: 0,
        },
      ])
      .returning();
    await db.execute(sql`UPDATE occurrences SET capacity_consumed = 1, consumed_online = 1 WHERE id IN (${paidSession}, ${freeSession})`);

    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const holder = await pool.connect();
    let first: Promise<unknown> | undefined;
    let second: Promise<unknown> | undefined;
    try {
      await holder.query('BEGIN');
      // The first cancellation's email job, taken first: its insert waits here, inside its transaction.
      await holder.query(
        `INSERT INTO jobs (name, unique_key, payload, run_at, created_at, updated_at) VALUES ('email.send', $1, '{}', now(), now(), now())`,
        [`${shop.clientId}:cancellation:booking:${paid!.id}`],
      );
      first = cancelBookingIds(t.app.deps, shop.clientId, [paid!.id], 'foh');
      await waitFor('the first cancellation to wait inside its transaction', async () => (await waitingOnLocks()) >= 1);
      second = cancelBookingIds(t.app.deps, shop.clientId, [free!.id], 'foh');
      await waitFor('the second cancellation to wait too', async () => (await waitingOnLocks()) >= 2);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    const outcomes = await Promise.all([first, second]);
    expect(outcomes.flat()).toEqual([
      expect.objectContaining({ status: 'cancelled', credit: 650 }),
      expect.objectContaining({ status: 'cancelled', credit: 0 }),
    ]);
    expect(await db.select().from(bookingCancellations).where(eq(bookingCancellations.orderId, order!.id))).toHaveLength(2);
    // All £6.50 of the order went back (as credit), so it reads full, not the stale "nothing back" of the free one.
    const [after] = await db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after?.refundStatus).toBe('full');
    const emails = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'email.send'), sql`${jobs.uniqueKey} = ${`${shop.clientId}:cancellation:booking:${paid!.id}`}`));
    expect(emails).toHaveLength(1);
  });
});
