import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, clients, occurrences, orders, sandboxCharges, schedules } from '../../db/schema';
import { demo } from '../../test/fixtures';
import { sessionCookieFor } from '../../test/harness';
import { type ApiProcess, type TwoApis, twoApisOnPostgres } from '../../test/processes';

const CALLS = 50;

let cluster: TwoApis;
let cookie: string;
let occurrenceId: string;

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

async function call(api: ApiProcess, method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'client-domain-identifier': 'northfield', cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: await res.json() };
}

/**
 * Two API processes on one PostgreSQL. One basket is authorised once, then the same complete is sent 50 times at
 * once, half to each process: one order, one charge, one settled booking, and every caller gets that order.
 */
describe('completing the same payment 50 times at once', () => {
  beforeAll(async () => {
    cluster = await twoApisOnPostgres(async (db) => {
      const [client] = await db.select().from(clients).where(eq(clients.identifier, 'northfield'));
      cookie = await sessionCookieFor(db, demo.email);
      // A spin class: any bookable class no longer will do, since gym sessions (which need an induction first) are
      // classes too and start earlier in the day.
      const [open] = await db
        .select({ id: occurrences.id })
        .from(occurrences)
        .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
        .where(
          and(
            eq(occurrences.clientId, client!.id),
            eq(schedules.name, 'Spin'),
            eq(occurrences.bookingType, 'classes'),
            eq(occurrences.status, 'bookable'),
            gt(occurrences.startsAt, new Date(Date.now() + 86_400_000)),
            sql`${occurrences.capacityConsumed} + 5 < ${occurrences.capacityMaximum}`,
          ),
        )
        .orderBy(asc(occurrences.startsAt))
        .limit(1);
      occurrenceId = open!.id;
    });
  }, 120_000);

  afterAll(() => cluster?.close());

  it('gives one order, one charge and one settled booking', async () => {
    const [a, b] = cluster.apis;
    expect((await call(a, 'POST', '/api/checkout/cart/add', { items: [{ id: occurrenceId, type: 'purchasableOccurrence' }] })).status).toBe(
      200,
    );
    const session = (await call(a, 'GET', '/api/checkout/prepare')).json.data;
    const card = await fetch(`${b.url}/sandbox-provider/v1/card-identifiers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        session_key: session.session_key,
        card_holder_name: 'A Morgan',
        card_number: '4242424242424242',
        expiry: '12/30',
        security_code: '123',
      }),
    });
    const { card_identifier } = (await card.json()) as { card_identifier: string };
    const auth = await call(b, 'POST', '/api/checkout/authorise', {
      session_key: session.session_key,
      card_identifier,
      item_hash: session.item_hash,
      terms: true,
    });
    expect(auth.json.data.transaction_status).toBe('authorised');
    const uuid = auth.json.data.transaction_uuid as string;

    const results = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        call(i % 2 ? a : b, 'POST', '/api/checkout/complete', { transaction_uuid: uuid, item_hash: session.item_hash, terms: true }),
      ),
    );
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    const orderIds = new Set(results.map((r) => r.json.data.complete_order_id));
    expect(orderIds.size).toBe(1);
    const [orderId] = [...orderIds] as number[];

    const { db } = cluster.database;
    const cartOrders = await db
      .select()
      .from(orders)
      .where(eq(orders.cartId, (await db.select().from(orders).where(eq(orders.id, orderId!)))[0]!.cartId));
    expect(cartOrders).toHaveLength(1);
    const charges = await db.select().from(sandboxCharges).where(eq(sandboxCharges.transactionUuid, uuid));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amount: session.amount.value, refunded: 0 });
    const settled = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.occurrenceId, occurrenceId), eq(bookings.orderId, orderId!)));
    expect(settled.map((s) => s.status)).toEqual(['settled']);
  }, 120_000);
});
