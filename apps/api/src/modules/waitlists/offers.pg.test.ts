import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { bookings, jobs, occurrences, waitlistEntries } from '../../db/schema';
import {
  addSession,
  call,
  expectPlacesConsistent,
  freshSession,
  inWaves,
  type Json,
  newCustomers,
  northfieldShop,
  type Shop,
} from '../../test/checkout-flow';
import type { ApiProcess, TwoApis } from '../../test/processes';
import { twoApisOnPostgres } from '../../test/processes';

/**
 * Issue 11, item 4, on PostgreSQL with two real API processes: the waitlist offer under concurrency (decision 102).
 * Each scenario starts from a full session whose holders each own a paid booking and a queue of waiting customers;
 * the requests race through both processes; the assertions are the invariants that must hold whatever the
 * interleaving:
 * - places: the live bookings (reserved + settled) never exceed capacity, and the counter equals them;
 * - offers: nobody is offered twice (at most one booking and one offer email per waitlisted customer), every place
 *   freed while someone waits goes to the waitlist, in queue order (the offered are a prefix of the queue);
 * - walk-ups: a customer not on the waitlist holds a place only once nobody is waiting;
 * - answers: every call answers 200 or a 4xx refusal, never a 500.
 */

type Person = { id: number; cookie: string };
interface Scenario {
  occurrenceId: string;
  holders: { person: Person; bookingId: number }[];
  queue: Person[];
  walkUps: Person[];
}

let cluster: TwoApis;
let shop: Shop;
const pairs: Scenario[] = [];
const lastPlace: Scenario[] = [];
let crowd: Scenario;
let leavers: Person[] = [];
let joiners: Person[] = [];

async function scenario(db: TwoApis['database']['db'], places: number, waiting: number, walkUps: number, tag: string): Promise<Scenario> {
  const occurrenceId = await freshSession(db, shop, places);
  await db
    .update(occurrences)
    .set({ waitlistMaximum: waiting + 50 })
    .where(eq(occurrences.id, occurrenceId));
  const holders = await newCustomers(db, shop, places, `${tag}h`);
  const rows = await db
    .insert(bookings)
    .values(
      holders.map((h) => ({
        clientId: shop.clientId,
        userId: h.id,
        occurrenceId,
        status: 'settled' as const,
        capacityConsumed: 1,
        price: 650,
      })),
    )
    .returning({ id: bookings.id, userId: bookings.userId });
  await db.update(occurrences).set({ capacityConsumed: places, consumedOnline: places }).where(eq(occurrences.id, occurrenceId));
  const queue = waiting ? await newCustomers(db, shop, waiting, `${tag}q`) : [];
  // Joined one second apart, an hour ago: the queue's order is their join time.
  const joinedFrom = Date.now() - 3_600_000;
  if (queue.length) {
    await db
      .insert(waitlistEntries)
      .values(queue.map((q, i) => ({ clientId: shop.clientId, occurrenceId, userId: q.id, createdAt: new Date(joinedFrom + i * 1000) })));
  }
  return {
    occurrenceId,
    holders: holders.map((h) => ({ person: h, bookingId: rows.find((r) => r.userId === h.id)!.id })),
    queue,
    walkUps: walkUps ? await newCustomers(db, shop, walkUps, `${tag}w`) : [],
  };
}

const cancelOwn = (api: ApiProcess, h: Scenario['holders'][number]) =>
  call(api, h.person.cookie, 'DELETE', `/api/activities/bookings/${h.bookingId}`);

/** No 500s, and nothing a concurrent caller should not be told. */
function expectAnswered(answers: { status: number; json: Json }[], allowed: number[]) {
  for (const a of answers) expect(allowed, `answered ${a.status}: ${JSON.stringify(a.json)}`).toContain(a.status);
}

/** The invariants of decision 102 on one session, after the dust settles. */
async function expectOffersConsistent(s: Scenario, leftTheQueue: number[] = []) {
  const { db } = cluster.database;
  await expectPlacesConsistent(db, [s.occurrenceId]);
  const all = await db.select().from(bookings).where(eq(bookings.occurrenceId, s.occurrenceId));
  const entries = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.occurrenceId, s.occurrenceId))
    .orderBy(waitlistEntries.createdAt, waitlistEntries.id);
  // Nobody holds two places, and nobody on the waitlist was given a place twice (one booking at most, ever).
  const live = all.filter((b) => b.status !== 'cancelled');
  expect(new Set(live.map((b) => b.userId)).size, 'a customer with two live places').toBe(live.length);
  const queued = new Set(s.queue.map((q) => q.id));
  const perQueued = new Map<number, number>();
  for (const b of all) if (queued.has(b.userId)) perQueued.set(b.userId, (perQueued.get(b.userId) ?? 0) + 1);
  for (const [user, n] of perQueued) expect(n, `places given to waitlisted customer ${user}`).toBe(1);
  // Each offer is a held booking of the customer it names, and its email was queued once.
  const offered = entries.filter((e) => e.status === 'offered');
  for (const e of offered) {
    const held = all.find((b) => b.id === e.offerBookingId);
    expect(held, `entry ${e.id}'s held booking`).toMatchObject({ userId: e.userId, status: 'reserved' });
  }
  const emails = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(
      and(
        eq(jobs.name, 'email.send'),
        inArray(
          jobs.uniqueKey,
          offered.map((e) => `${shop.clientId}:waitlist_offer:booking:${e.offerBookingId}`),
        ),
      ),
    );
  expect(emails.length, 'one offer email per offer').toBe(offered.length);
  // Nobody had two offer emails for this session (someone who left after an offer keeps the one they had).
  const twice = await queryRows<{ user_id: number; n: number }>(
    db,
    sql`SELECT b.user_id, count(*)::int AS n FROM jobs j
        JOIN bookings b ON j.unique_key = b.client_id || ':waitlist_offer:booking:' || b.id
        WHERE j.name = 'email.send' AND b.occurrence_id = ${s.occurrenceId} GROUP BY b.user_id HAVING count(*) > 1`,
  );
  expect(twice, 'customers offered twice').toEqual([]);
  // Queue order: the offered are the first of the queue (those who left aside), the rest still wait.
  const stillThere = entries.filter((e) => !leftTheQueue.includes(e.userId));
  const firstWaiting = stillThere.findIndex((e) => e.status === 'waiting');
  if (firstWaiting >= 0) {
    expect(
      stillThere.slice(firstWaiting).map((e) => e.status),
      'someone offered a place while an earlier customer still waits',
    ).toEqual(stillThere.slice(firstWaiting).map(() => 'waiting'));
    // While anyone waits, every place given back went to the waitlist: no walk-up holds one.
    const walkUps = new Set(s.walkUps.map((w) => w.id));
    expect(
      live.filter((b) => walkUps.has(b.userId)),
      'a walk-up customer holding a place while others wait',
    ).toEqual([]);
  }
  return { entries, live, offered };
}

describe('waitlist offers under concurrency (two API processes)', () => {
  beforeAll(async () => {
    cluster = await twoApisOnPostgres(
      async (db) => {
        shop = await northfieldShop(db);
        for (let i = 0; i < 6; i++) pairs.push(await scenario(db, 2, 3, 0, `pr${i}`));
        for (let i = 0; i < 6; i++) lastPlace.push(await scenario(db, 1, 1, 4, `lp${i}`));
        crowd = await scenario(db, 100, 60, 80, 'cr');
        // 10 near the front of the queue leave it while places are being offered to them
        leavers = crowd.queue.filter((_, i) => i % 2 === 1 && i < 20);
        joiners = await newCustomers(db, shop, 10, 'crj');
      },
      8,
      // The processes answer calls only; the offer emails stay queued, to be counted.
      { JOBS_WORKER: 'false' },
    );
  }, 240_000);

  afterAll(async () => {
    await cluster?.close();
  });

  it('two places freed at once make two offers, to the first two in the queue, never one person twice', async () => {
    const [a, b] = cluster.apis;
    await inWaves(pairs, 3, async (s) => {
      const answers = await Promise.all([cancelOwn(a, s.holders[0]!), cancelOwn(b, s.holders[1]!)]);
      expectAnswered(answers, [200]);
      const { offered } = await expectOffersConsistent(s);
      expect(offered.map((e) => e.userId).sort()).toEqual([s.queue[0]!.id, s.queue[1]!.id].sort());
      const [o] = await cluster.database.db.select().from(occurrences).where(eq(occurrences.id, s.occurrenceId));
      expect(o?.capacityConsumed).toBe(2);
    });
  }, 120_000);

  it('an offer and a walk-up customer never both get the last place', async () => {
    await inWaves(lastPlace, 3, async (s, i) => {
      const apis = cluster.apis;
      // The holder cancels while four walk-up customers try to book the session, each twice, through both processes.
      const answers = await Promise.all([
        cancelOwn(apis[i % 2]!, s.holders[0]!),
        ...s.walkUps.flatMap((w, j) => [
          addSession(apis[j % 2]!, w.cookie, s.occurrenceId),
          addSession(apis[(j + 1) % 2]!, w.cookie, s.occurrenceId),
        ]),
      ]);
      expect(answers[0]?.status, JSON.stringify(answers[0]?.json)).toBe(200);
      expectAnswered(answers.slice(1), [409]);
      const { offered, live } = await expectOffersConsistent(s);
      expect(offered.map((e) => e.userId)).toEqual([s.queue[0]!.id]);
      expect(live.map((x) => x.userId)).toEqual([s.queue[0]!.id]);
    });
  }, 120_000);

  it('200 concurrent cancellations and adds on one full session with a waitlist: capacity never exceeded, no one offered twice', async () => {
    const apis = cluster.apis;
    const via = (i: number) => apis[i % 2]!;
    // 100 cancellations, 80 walk-up adds and 10 people joining the queue, with 10 of the queue leaving it, all at
    // once and interleaved, half through each process.
    const calls: (() => Promise<{ status: number; json: Json }>)[] = [];
    // A walk-up customer refused as full tries again a few times, so some come back after the queue has emptied.
    const walkUp = async (api: ApiProcess, w: Person) => {
      for (let attempt = 0; ; attempt++) {
        const res = await addSession(api, w.cookie, crowd.occurrenceId);
        if (res.status !== 409 || attempt === 4) return res;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
      }
    };
    const n = Math.max(crowd.holders.length, crowd.walkUps.length);
    for (let i = 0; i < n; i++) {
      const h = crowd.holders[i];
      const w = crowd.walkUps[i];
      if (h) calls.push(() => cancelOwn(via(i), h));
      if (w) calls.push(() => walkUp(via(i + 1), w));
      const j = joiners[i];
      if (j)
        calls.push(() =>
          call(via(i), j.cookie, 'POST', '/api/activities/waitlist/add', { item: { id: crowd.occurrenceId, type: 'occurrence' } }),
        );
      const l = leavers[i];
      if (l)
        calls.push(() =>
          call(via(i + 1), l.cookie, 'DELETE', `/api/v1/activities/occurrences/${crowd.occurrenceId}/waitlist/members/${l.id}`),
        );
    }
    expect(calls.length).toBe(200);
    const answers = await Promise.all(calls.map((f) => f()));
    expectAnswered(answers, [200, 409]);
    // Every holder got their cancellation (nothing else touched their bookings).
    const cancelled = await cluster.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          inArray(
            bookings.id,
            crowd.holders.map((h) => h.bookingId),
          ),
          eq(bookings.status, 'cancelled'),
        ),
      );
    expect(cancelled).toHaveLength(100);

    const leaverIds = leavers.map((l) => l.id);
    const { entries, live, offered } = await expectOffersConsistent({ ...crowd, queue: [...crowd.queue, ...joiners] }, leaverIds);
    // Those who left hold nothing (an offer they left is given on, not kept for them).
    expect(live.filter((b) => leaverIds.includes(b.userId))).toEqual([]);
    expect(entries.filter((e) => leaverIds.includes(e.userId))).toEqual([]);
    // All 100 places came back; those still in the queue (50 at most, plus any joiner) were offered theirs first.
    const walkUps = live.filter((b) => crowd.walkUps.some((w) => w.id === b.userId));
    expect(offered.length + walkUps.length).toBeLessThanOrEqual(100);
    expect(offered.length).toBe(entries.filter((e) => e.status !== 'waiting').length);
    if (entries.some((e) => e.status === 'waiting')) expect(offered.length + walkUps.length).toBe(100);
    const [o] = await cluster.database.db.select().from(occurrences).where(eq(occurrences.id, crowd.occurrenceId));
    expect(o!.capacityConsumed).toBe(offered.length + walkUps.length);
    console.info(
      `offers ${offered.length}, walk-ups ${walkUps.length}, still waiting ${entries.filter((e) => e.status === 'waiting').length}`,
    );
  }, 180_000);
});
