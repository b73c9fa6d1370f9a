import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, clients, occurrences, schedules, users, venues } from '../../db/schema';
import { demo } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Decisions 116 and 276: adding to a full session is refused by one autocommit read of the session, before any
// transaction, lock or other read.
let t: TestApp;
let full: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [client] = await db.select().from(clients).where(eq(clients.identifier, 'northfield'));
  const [venue] = await db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, client!.id), eq(venues.slug, 'harrogate')));
  const [schedule] = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.venueId, venue!.id), eq(schedules.name, 'Spin')));
  const startsAt = new Date(Date.now() + 2 * 86_400_000);
  full = `oc_full_${randomBytes(4).toString('hex')}`;
  await db.insert(occurrences).values({
    id: full,
    clientId: client!.id,
    scheduleId: schedule!.id,
    venueId: venue!.id,
    categoryId: schedule!.categoryId,
    bookingType: 'classes',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 45 * 60_000),
    originalStartsAt: startsAt,
    originalEndsAt: new Date(startsAt.getTime() + 45 * 60_000),
    capacityMaximum: 1,
    price: 650,
  });
  // The one place goes to the demo customer, through the API.
  const first = await add(await t.sessionFor(demo.email), full);
  expect(first.statusCode).toBe(200);
  const [other] = await db
    .insert(users)
    .values({
      clientId: client!.id,
      reference: 'FULL1',
      email: 'full1@example.invalid',
      passwordHash: '!',
      firstName: 'F',
      lastName: 'One',
    })
    .returning({ id: users.id });
  customer = await sessionOf(other!.id);
});
afterAll(() => t?.close());

const add = (as: string, id: string) =>
  t.request({ method: 'POST', url: '/api/checkout/cart/add', as, payload: { items: [{ id, type: 'purchasableOccurrence' }] } });

async function sessionOf(userId: number): Promise<string> {
  const [u] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return t.sessionFor(u!.email);
}

describe('a refusal on a full session', () => {
  it('costs the session look-up and one read of the session, with no transaction and no lock', async () => {
    const seen: string[] = [];
    // Every statement node-postgres is given while the add runs, counted on the way through.
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0] as string | { text?: string };
      seen.push((typeof q === 'string' ? q : (q.text ?? '')).trim().replace(/\s+/g, ' '));
      // biome-ignore lint/suspicious/noExplicitAny: forwarding whatever node-postgres was given
      return (original as any).apply(this, args);
    } as typeof original;
    let res: Awaited<ReturnType<typeof add>>;
    try {
      res = await add(customer, full);
    } finally {
      pg.Client.prototype.query = original;
    }
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('occurrence_full');
    // The caller's session (the tests run without the session cache), then the one read that says full: no BEGIN, no
    // advisory or row lock, no penalty or limits read, nothing after the refusal.
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatch(/from "sessions"/i);
    expect(seen[1]).toMatch(/^SELECT o\.id, .* FROM "occurrences" o WHERE o\.id IN/);
    expect(seen.filter((q) => /^begin|for update|pg_advisory|max_places_held/i.test(q))).toEqual([]);
  });

  /** While another connection holds a lock (taken by `lockSql`), the add on the full session is still refused at once. */
  async function refusedWhileHeld(lockSql: string, params: unknown[]): Promise<void> {
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(lockSql, params);
      const res = await add(customer, full);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('occurrence_full');
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  }

  it("does not wait for the customer's lock", async () => {
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'full1@example.invalid'));
    // Another connection holds the customer's advisory lock, as another add of theirs in progress would.
    await refusedWhileHeld('SELECT pg_advisory_xact_lock($1, $2)', [0x6c696d74, row!.id]);
  });

  it("does not wait for the customer's basket lock", async () => {
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'full1@example.invalid'));
    // The basket exists and another connection holds it locked, as a checkout of it would.
    await t.database.db.insert(carts).values({ clientId: (await t.clientId('northfield')) as number, userId: row!.id, source: 'online' });
    await refusedWhileHeld(`SELECT id FROM carts WHERE user_id = $1 AND status = 'open' FOR UPDATE`, [row!.id]);
  });

  it('tells a customer who already holds the full session that it is in their basket', async () => {
    const res = await add(await t.sessionFor(demo.email), full);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('already_in_basket');
  });
});
