import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { bookings, creditLedger, orderLines } from '../../db/schema';
import {
  addSession,
  authoriseInTabs,
  call,
  completeCall,
  expectMoneyBalanced,
  expectPlacesConsistent,
  freshSession,
  lapseHolds,
  newCustomers,
  northfieldShop,
  type Shop,
} from '../../test/checkout-flow';
import { type ApiProcess, type TwoApis, twoApisOnPostgres } from '../../test/processes';

const TRIALS = 20;
/** Sessions in the late payer's basket: each is one more chance per trial for the race to strike. */
const SESSIONS = 6;

let cluster: TwoApis;
let shop: Shop;

/**
 * Issue 9, fault 1: a customer's holds lapse (not swept yet) and they complete payment while other customers add
 * the same sessions through both API processes, each add releasing expired holds first. Every session must end
 * with no more live places than it has, a counter that agrees with its bookings, no paid booking that carries a
 * cancellation, and the late payer holding each place or its price as credit (decision 033).
 */
describe('a late payment racing other customers for the released places', () => {
  beforeAll(async () => {
    cluster = await twoApisOnPostgres(async (db) => {
      shop = await northfieldShop(db);
    });
  }, 120_000);

  afterAll(() => cluster?.close());

  it(`never sells a place twice (${TRIALS} trials of ${SESSIONS} sessions)`, async () => {
    const { db } = cluster.database;
    let spread = 40;
    for (let trial = 0; trial < TRIALS; trial++) {
      const [payer] = await newCustomers(db, shop, 1, 'late');
      const rivals = await newCustomers(db, shop, SESSIONS, 'rival');
      const sessionIds: string[] = [];
      for (let i = 0; i < SESSIONS; i++) sessionIds.push(await freshSession(db, shop, 1));
      const added = await call(cluster.apis[0], payer!.cookie, 'POST', '/api/checkout/cart/add', {
        items: sessionIds.map((id) => ({ id, type: 'purchasableOccurrence' })),
      });
      expect(added.status).toBe(200);
      const { uuids, itemHash } = await authoriseInTabs(cluster.apis, payer!.cookie, 1);
      await lapseHolds(db, payer!.id);

      // Each rival tries for one session at a moment spread over the time the completion takes.
      const started = Date.now();
      const [done, ...adds] = await Promise.all([
        completeCall(cluster.apis[trial % 2] as ApiProcess, payer!.cookie, uuids[0] as string, itemHash).then((r) => ({
          ...r,
          took: Date.now() - started,
        })),
        ...rivals.map(async (rival, i) => {
          await new Promise((r) => setTimeout(r, Math.random() * spread));
          return addSession(cluster.apis[(trial + i + 1) % 2] as ApiProcess, rival.cookie, sessionIds[i] as string);
        }),
      ]);
      spread = Math.max(5, done.took);
      expect(done.status).toBe(200);
      expect(adds.filter((a) => a.status >= 500)).toEqual([]);
      await expectPlacesConsistent(db, sessionIds);

      // The late payer has each place (a settled booking of theirs) or its price as credit.
      const orderId = done.json.data.complete_order_id as number;
      const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
      expect(lines).toHaveLength(SESSIONS);
      let credited = 0;
      for (const line of lines) {
        if (line.status === 'credited') {
          credited += line.lineTotal;
          continue;
        }
        const [b] = await db
          .select()
          .from(bookings)
          .where(and(eq(bookings.id, line.bookingId as number), eq(bookings.userId, payer!.id)));
        expect(b?.status).toBe('settled');
      }
      const [credit] = await db
        .select({ total: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
        .from(creditLedger)
        .where(and(eq(creditLedger.orderId, orderId), eq(creditLedger.userId, payer!.id)));
      expect(credit?.total).toBe(credited);
      expect(done.json.data.credited?.value ?? 0).toBe(credited);
      const [order] = await queryRows<{ cart_id: number }>(db, sql`SELECT cart_id FROM orders WHERE id = ${orderId}`);
      await expectMoneyBalanced(db, order!.cart_id);
    }
  }, 300_000);
});
