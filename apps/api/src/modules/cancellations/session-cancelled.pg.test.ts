import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  bookingCancellations,
  bookings,
  cancellationPolicies,
  carts,
  creditLedger,
  jobs,
  orders,
  outboxEmails,
  paymentLines,
  paymentRefunds,
  paymentTransactions,
  sandboxCharges,
  sandboxRefunds,
  sessions,
  users,
} from '../../db/schema';
import { sha256 } from '../../lib/ids';
import { call, freshSession, newCustomers, northfieldShop, type Shop } from '../../test/checkout-flow';
import { type ApiProcess, type TwoApis, twoApisOnPostgres } from '../../test/processes';

/**
 * Issue 11, item 3: staff cancel a session with 30 paid bookings, paid by card, by general credit, or by both. Each
 * booking is cancelled by a durable job of its own (source occurrence), refunded (card to the card, credit back to
 * credit: the venue's cancellation never keeps a fee) and emailed exactly once, even though the worker running the
 * jobs is killed mid-way (deterministically: after nine, inside the tenth's transaction) and another one finishes; the
 * emails are sent (to the outbox) once each.
 */
let cluster: TwoApis;
let shop: Shop;
let occurrenceId: string;
let staffCookie: string;
const booked: { bookingId: number; orderId: number; card: number; credit: number; uuid: string | null }[] = [];

const waitFor = async <T>(what: string, probe: () => Promise<T | undefined>, ms = 180_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('a session cancelled by staff, its worker killed mid-way', () => {
  beforeAll(async () => {
    cluster = await twoApisOnPostgres(
      async (db) => {
        shop = await northfieldShop(db);
        occurrenceId = await freshSession(db, shop, 40);
        // The session's schedule refunds to how it was paid, with a fee inside a 3-day cut-off (so we are inside it):
        // the venue cancelling never charges it.
        await db.insert(cancellationPolicies).values({
          clientId: shop.clientId,
          scheduleId: shop.scheduleId,
          cutOffMinutes: 3 * 1440,
          cutOffActions: ['charge_fee', 'disable_cancelling'],
          feeAmount: 200,
          outcome: 'refund',
        });
        const people = await newCustomers(db, shop, 30, 'sc');
        // Thirty paid bookings, written as checkout writes them: 10 by card, 10 by general credit, 10 by both.
        for (const [i, p] of people.entries()) {
          const kind = i % 3;
          const card = kind === 0 ? 650 : kind === 1 ? 0 : 400;
          const credit = 650 - card;
          const [cart] = await db
            .insert(carts)
            .values({ clientId: shop.clientId, userId: p.id, source: 'activity-booking', status: 'completed' })
            .returning();
          const [order] = await db
            .insert(orders)
            .values({
              clientId: shop.clientId,
              userId: p.id,
              cartId: cart!.id,
              cartSource: 'activity-booking',
              source: 'online',
              status: 'success',
              currency: 'GBP',
              total: 650,
              balance: 0,
            })
            .returning();
          let uuid: string | null = null;
          if (card > 0) {
            uuid = randomUUID();
            await db.insert(paymentTransactions).values({
              uuid,
              clientId: shop.clientId,
              userId: p.id,
              cartId: cart!.id,
              provider: 'sandbox',
              status: 'completed',
              amount: card,
              currency: 'GBP',
              itemHash: 'x',
              payments: [{ tender_type: 'card', amount: card }],
              orderId: order!.id,
              capturedAmount: card,
            });
            await db.insert(sandboxCharges).values({ transactionUuid: uuid, amount: card, currency: 'GBP' });
            await db
              .insert(paymentLines)
              .values({ clientId: shop.clientId, orderId: order!.id, tenderType: 'card', amount: card, transactionUuid: uuid });
          }
          if (credit > 0) {
            await db
              .insert(paymentLines)
              .values({ clientId: shop.clientId, orderId: order!.id, tenderType: 'general-credit', amount: credit });
            await db
              .insert(creditLedger)
              .values({ clientId: shop.clientId, userId: p.id, kind: 'general', amount: -credit, reason: 'Paid', orderId: order!.id });
          }
          const [b] = await db
            .insert(bookings)
            .values({
              clientId: shop.clientId,
              userId: p.id,
              occurrenceId,
              orderId: order!.id,
              status: 'settled',
              capacityConsumed: 1,
              price: 650,
            })
            .returning();
          booked.push({ bookingId: b!.id, orderId: order!.id, card, credit, uuid });
        }
        await db.execute(sql`UPDATE occurrences SET capacity_consumed = 30, consumed_online = 30 WHERE id = ${occurrenceId}`);
        const [s] = await db.select().from(users).where(eq(users.email, 'staff@example.com'));
        const token = randomBytes(32).toString('base64url');
        await db
          .insert(sessions)
          .values({ tokenHash: sha256(token), clientId: shop.clientId, userId: s!.id, expiresAt: new Date(Date.now() + 3_600_000) });
        staffCookie = `northfield_session=${token}`;
      },
      4,
      // The two API processes only answer calls; workers are started (and killed) by the test.
      { JOBS_WORKER: 'false' },
    );
  }, 180_000);

  afterAll(async () => {
    await cluster?.close();
  });

  it('every booking is cancelled, refunded or credited and emailed exactly once', async () => {
    const { db } = cluster.database;
    const deleted = await call(
      cluster.apis[0],
      staffCookie,
      'DELETE',
      `/api/v1/activities/occurrences/${occurrenceId}?reason=adverse_weather`,
    );
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
    const ids = booked.map((b) => b.bookingId);
    const done = async () =>
      Number(
        (
          await db.select({ n: sql<number>`count(*)::int` }).from(bookingCancellations).where(inArray(bookingCancellations.bookingId, ids))
        )[0]?.n,
      );

    const fast = { JOBS_WORKER: 'true', JOBS_POLL_SECONDS: '0.1', JOBS_LEASE_SECONDS: '2', JOBS_BACKOFF_SECONDS: '0.5' };
    // Mid-way, for sure: the worker runs the jobs in claim order (run_at, id); the tenth job's booking is locked by
    // this test, so the worker cancels nine, then waits inside the tenth's transaction, and is killed there, with
    // the rest of its claimed jobs under its lease.
    const queued = await db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.name, 'bookings.cancel-for-occurrence'))
      .orderBy(jobs.runAt, jobs.id);
    expect(queued).toHaveLength(30);
    const blocked = Number(queued[9]!.payload.bookingId);
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const holder = await pool.connect();
    let atKill = 0;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM bookings WHERE id = $1 FOR UPDATE', [blocked]);
      const first: ApiProcess = await cluster.start(fast);
      console.info('first worker started');
      await waitFor('the worker to wait on the locked booking after nine cancellations', async () => {
        const [waiting] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return (waiting?.n ?? 0) > 0 && (await done()) === 9 ? true : undefined;
      });
      atKill = await done();
      await first.kill();
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    expect(atKill).toBe(9);
    console.info('first worker killed after nine cancellations');
    // Whatever the killed worker held is claimed again once its lease runs out.
    await cluster.start(fast);
    console.info('second worker started');
    await waitFor('all 30 cancelled', async () => ((await done()) === 30 ? true : undefined));
    await waitFor('every card refund settled', async () => {
      const pending = await db.select().from(paymentRefunds).where(eq(paymentRefunds.status, 'pending'));
      return pending.length === 0 ? true : undefined;
    });
    await waitFor('every email sent', async () => {
      const open = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.name, 'email.send'), sql`${jobs.status} <> 'done'`));
      return open.length === 0 ? true : undefined;
    });
    console.info(`worker killed after ${atKill} of 30 cancellations`);

    const rows = await db.select().from(bookings).where(inArray(bookings.id, ids));
    expect(rows.every((b) => b.status === 'cancelled' && b.cancellationSource === 'occurrence')).toBe(true);
    const records = await db.select().from(bookingCancellations).where(inArray(bookingCancellations.bookingId, ids));
    for (const b of booked) {
      const r = records.find((x) => x.bookingId === b.bookingId);
      expect(r, `booking ${b.bookingId}`).toMatchObject({
        fee: 0,
        strike: false,
        cardRefund: b.card,
        generalCredit: b.credit,
        source: 'occurrence',
      });
      if (b.uuid) {
        const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionUuid, b.uuid));
        expect(refunds.map((x) => [x.amount, x.status])).toEqual([[b.card, 'succeeded']]);
        const atProvider = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.transactionUuid, b.uuid));
        expect(atProvider.map((x) => x.amount)).toEqual([b.card]);
        const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.transactionUuid, b.uuid));
        expect(charge?.refunded).toBe(b.card);
      }
      const given = await db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.orderId, b.orderId), sql`${creditLedger.amount} > 0`));
      expect(given.map((g) => g.amount)).toEqual(b.credit > 0 ? [b.credit] : []);
      const [o] = await db.select().from(orders).where(eq(orders.id, b.orderId));
      expect(o?.refundStatus).toBe(b.card > 0 && b.credit > 0 ? 'mixed' : 'full');
    }
    // One session-cancelled email per attendee (each a job keyed by its booking).
    const emails = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'email.send'), sql`${jobs.uniqueKey} LIKE ${`${shop.clientId}:session_cancelled:booking:%`}`));
    expect(emails).toHaveLength(30);
    expect(new Set(emails.map((e) => e.uniqueKey)).size).toBe(30);
    // And each was sent once: one outbox email per attendee, to them, though a worker died with some in hand.
    const sent = await db
      .select({ to: outboxEmails.to, key: outboxEmails.dedupeKey })
      .from(outboxEmails)
      .where(sql`${outboxEmails.dedupeKey} LIKE 'session_cancelled:booking:%'`);
    expect(sent.map((m) => m.key).sort()).toEqual(ids.map((id) => `session_cancelled:booking:${id}`).sort());
    const people = await db.select({ id: users.id, email: users.email }).from(users);
    for (const b of rows) {
      const to = sent.find((m) => m.key === `session_cancelled:booking:${b.id}`)?.to;
      expect(to).toBe(people.find((p) => p.id === b.userId)?.email);
    }
  }, 600_000);
});
