import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../db/client';
import { bookings, clients, occurrences, schedules, sessions, users, venues } from '../db/schema';
import { sha256 } from '../lib/ids';
import type { ApiProcess, TwoApis } from './processes';

type Db = TwoApis['database']['db'];
// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
export type Json = any;

/**
 * What the PostgreSQL checkout tests share: customers logged in without scrypt, fresh sessions to book, the calls a
 * browser makes (through either API process), and the invariants they check afterwards.
 */
export interface Shop {
  clientId: number;
  venueId: number;
  scheduleId: number;
  categoryId: number;
}

export async function northfieldShop(db: Db): Promise<Shop> {
  const [client] = await db.select().from(clients).where(eq(clients.identifier, 'northfield'));
  const [venue] = await db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, client!.id), eq(venues.slug, 'harrogate')));
  const [schedule] = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.venueId, venue!.id), eq(schedules.name, 'Spin')));
  return { clientId: client!.id, venueId: venue!.id, scheduleId: schedule!.id, categoryId: schedule!.categoryId };
}

/** A new spin class in two days' time with `places` places at 650p, nobody booked. */
export async function freshSession(db: Db, shop: Shop, places: number, price = 650): Promise<string> {
  const startsAt = new Date(Date.now() + 2 * 86_400_000 + Math.floor(Math.random() * 3_600_000));
  const id = `oc_t_${randomBytes(6).toString('hex')}`;
  await db.insert(occurrences).values({
    id,
    clientId: shop.clientId,
    scheduleId: shop.scheduleId,
    venueId: shop.venueId,
    categoryId: shop.categoryId,
    bookingType: 'classes',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 45 * 60_000),
    originalStartsAt: startsAt,
    originalEndsAt: new Date(startsAt.getTime() + 45 * 60_000),
    capacityMaximum: places,
    price,
  });
  return id;
}

/** `n` new customers of the shop's client, each with a session cookie. */
export async function newCustomers(db: Db, shop: Shop, n: number, tag: string): Promise<{ id: number; cookie: string }[]> {
  const suffix = randomBytes(3).toString('hex');
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        clientId: shop.clientId,
        reference: `${tag}${suffix}${i}`.toUpperCase(),
        email: `${tag}${suffix}${i}@example.invalid`,
        passwordHash: '!',
        firstName: tag,
        lastName: String(i),
      })),
    )
    .returning({ id: users.id });
  const tokens = people.map(() => randomBytes(32).toString('base64url'));
  await db.insert(sessions).values(
    people.map((p, i) => ({
      tokenHash: sha256(tokens[i] as string),
      clientId: shop.clientId,
      userId: p.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    })),
  );
  return people.map((p, i) => ({ id: p.id, cookie: `northfield_session=${tokens[i]}` }));
}

export async function call(
  api: ApiProcess,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      'client-domain-identifier': 'northfield',
      cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

export const addSession = (api: ApiProcess, cookie: string, occurrenceId: string) =>
  call(api, cookie, 'POST', '/api/checkout/cart/add', { items: [{ id: occurrenceId, type: 'purchasableOccurrence' }] });

/** The sandbox's side of the card boundary: a single-use card identifier for a payment session. */
export async function cardIdentifier(api: ApiProcess, sessionKey: string, card = '4242424242424242'): Promise<string> {
  const res = await fetch(`${api.url}/sandbox-provider/v1/card-identifiers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      session_key: sessionKey,
      card_holder_name: 'A Morgan',
      card_number: card,
      expiry: '12/30',
      security_code: '123',
    }),
  });
  return ((await res.json()) as { card_identifier: string }).card_identifier;
}

/** Prepares the customer's basket once and authorises it in `tabs` tabs, one card each (no Idempotency-Key). */
export async function authoriseInTabs(apis: ApiProcess[], cookie: string, tabs: number): Promise<{ uuids: string[]; itemHash: string }> {
  const [a] = apis as [ApiProcess];
  const prepared = await call(a, cookie, 'GET', '/api/checkout/prepare');
  expect(prepared.status).toBe(200);
  const session = prepared.json.data;
  const uuids = await Promise.all(
    Array.from({ length: tabs }, async (_, i) => {
      const api = apis[i % apis.length] as ApiProcess;
      const card = await cardIdentifier(api, session.session_key);
      const auth = await call(api, cookie, 'POST', '/api/checkout/authorise', {
        session_key: session.session_key,
        card_identifier: card,
        item_hash: session.item_hash,
        terms: true,
      });
      expect(auth.json?.data?.transaction_status).toBe('authorised');
      return auth.json.data.transaction_uuid as string;
    }),
  );
  return { uuids, itemHash: session.item_hash };
}

export const completeCall = (api: ApiProcess, cookie: string, uuid: string, itemHash: string) =>
  call(api, cookie, 'POST', '/api/checkout/complete', { transaction_uuid: uuid, item_hash: itemHash, terms: true });

/**
 * Lets a customer's held places lapse without anything sweeping them yet: the processes' clocks cannot be moved, so
 * the bookings' hold expiry (what the sweep and every add release by) is moved into the past. The basket line keeps
 * its own expiry, so the basket's item_hash, which covers it, does not change.
 */
export async function lapseHolds(db: Db, userId: number): Promise<void> {
  const past = new Date(Date.now() - 60_000);
  await db
    .update(bookings)
    .set({ holdExpiresAt: past })
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'reserved')));
}

/**
 * Places: nothing holds more than the session has, the counter agrees with the live bookings, and no paid booking
 * carries a cancellation.
 */
export async function expectPlacesConsistent(db: Db, occurrenceIds: string[]): Promise<void> {
  const rows = await queryRows<{ id: string; capacity_maximum: number; capacity_consumed: number; live: number }>(
    db,
    sql`SELECT o.id, o.capacity_maximum::int AS capacity_maximum, o.capacity_consumed::int AS capacity_consumed,
          coalesce((SELECT sum(b.capacity_consumed) FROM bookings b
                    WHERE b.occurrence_id = o.id AND b.status IN ('reserved', 'settled')), 0)::int AS live
        FROM occurrences o WHERE o.id IN ${occurrenceIds}`,
  );
  for (const r of rows) {
    expect(r.live, `live places on ${r.id}`).toBeLessThanOrEqual(r.capacity_maximum);
    expect(r.capacity_consumed, `capacity_consumed of ${r.id}`).toBe(r.live);
  }
  const settledButCancelled = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        inArray(bookings.occurrenceId, occurrenceIds),
        eq(bookings.status, 'settled'),
        sql`(${bookings.cancelledAt} IS NOT NULL OR ${bookings.cancellationSource} IS NOT NULL)`,
      ),
    );
  expect(settledButCancelled, 'settled bookings carrying cancellation data').toEqual([]);
}

/**
 * Money, from the sandbox provider's own record: for a basket, what was captured minus what was refunded over all
 * its transactions equals the card total of its order (0 without one), and a voided or failed transaction keeps
 * nothing.
 */
export async function expectMoneyBalanced(db: Db, cartId: number): Promise<{ orders: number; kept: number; card: number }> {
  const [money] = await queryRows<{ kept: number; card: number; orders: number }>(
    db,
    sql`SELECT
          coalesce((SELECT sum(c.amount - c.refunded) FROM sandbox_charges c
                    JOIN payment_transactions t ON t.uuid::text = c.transaction_uuid WHERE t.cart_id = ${cartId}), 0)::int AS kept,
          coalesce((SELECT sum(p.amount) FROM payment_lines p JOIN orders o ON o.id = p.order_id
                    WHERE o.cart_id = ${cartId} AND p.tender_type = 'card'), 0)::int AS card,
          (SELECT count(*) FROM orders o WHERE o.cart_id = ${cartId})::int AS orders`,
  );
  expect(money!.orders).toBeLessThanOrEqual(1);
  expect(money!.kept, `money kept for basket ${cartId}`).toBe(money!.card);
  const keptByUnpaid = await queryRows<{ uuid: string; status: string; kept: number }>(
    db,
    sql`SELECT t.uuid, t.status, (c.amount - c.refunded)::int AS kept FROM payment_transactions t
        JOIN sandbox_charges c ON c.transaction_uuid = t.uuid::text
        WHERE t.cart_id = ${cartId} AND t.status <> 'completed' AND c.amount - c.refunded <> 0`,
  );
  expect(keptByUnpaid, 'money kept by transactions that paid for nothing').toEqual([]);
  return money!;
}

export async function cartIdOf(db: Db, uuid: string): Promise<number> {
  const [row] = await queryRows<{ cart_id: number }>(db, sql`SELECT cart_id FROM payment_transactions WHERE uuid = ${uuid}`);
  return row!.cart_id;
}

/** Runs `fn` over the items, `size` at a time: trials that overlap, so more interleavings in less time. */
export async function inWaves<T>(items: T[], size: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    await Promise.all(items.slice(i, i + size).map((item, j) => fn(item, i + j)));
  }
}
