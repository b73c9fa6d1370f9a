import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, clients, occurrences, schedules, sessions, users, venues } from '../db/schema';
import { sha256 } from '../lib/ids';
import { type ApiProcess, type TwoApis, twoApisOnPostgres } from './processes';

const PLACES = 5;
const CALLERS = 200;

let cluster: TwoApis;
let occurrenceId: string;
let cookies: string[];

/**
 * Two API processes on one PostgreSQL, 200 customers pressing Add at once for a session with 5 places: exactly 5
 * get a place, the other 195 are told the session is full, nobody sees a 5xx, and the row agrees.
 */
describe('taking the last places under load', () => {
  beforeAll(async () => {
    cluster = await twoApisOnPostgres(async (db) => {
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
      occurrenceId = `oc_load_${randomBytes(4).toString('hex')}`;
      await db.insert(occurrences).values({
        id: occurrenceId,
        clientId: client!.id,
        scheduleId: schedule!.id,
        venueId: venue!.id,
        categoryId: schedule!.categoryId,
        bookingType: 'classes',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 45 * 60_000),
        originalStartsAt: startsAt,
        originalEndsAt: new Date(startsAt.getTime() + 45 * 60_000),
        capacityMaximum: PLACES,
        price: 650,
      });
      const people = await db
        .insert(users)
        .values(
          Array.from({ length: CALLERS }, (_, i) => ({
            clientId: client!.id,
            reference: `LOAD${i}`,
            email: `load${i}@example.invalid`,
            passwordHash: '!',
            firstName: 'Load',
            lastName: String(i),
          })),
        )
        .returning({ id: users.id });
      const tokens = people.map(() => randomBytes(32).toString('base64url'));
      await db.insert(sessions).values(
        people.map((p, i) => ({
          tokenHash: sha256(tokens[i] as string),
          clientId: client!.id,
          userId: p.id,
          expiresAt: new Date(Date.now() + 3_600_000),
        })),
      );
      cookies = tokens.map((token) => `northfield_session=${token}`);
    });
  }, 120_000);

  afterAll(() => cluster?.close());

  it('gives exactly 5 places and tells everyone else the session is full', async () => {
    const responses = await Promise.all(
      cookies.map(async (cookie, i) => {
        const api = cluster.apis[i % cluster.apis.length] as ApiProcess;
        const res = await fetch(`${api.url}/api/checkout/cart/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'client-domain-identifier': 'northfield', cookie },
          body: JSON.stringify({ items: [{ id: occurrenceId, type: 'purchasableOccurrence' }] }),
        });
        return { status: res.status, body: (await res.json()) as { code?: string; message?: string } };
      }),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PLACES);
    const refused = responses.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(CALLERS - PLACES);
    for (const r of refused)
      expect(r).toEqual({ status: 409, body: { code: 'occurrence_full', message: 'Sorry, this session is fully booked.' } });

    const [row] = await cluster.database.db.select().from(occurrences).where(eq(occurrences.id, occurrenceId));
    expect(row?.capacityConsumed).toBe(PLACES);
    const held = await cluster.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(eq(bookings.occurrenceId, occurrenceId), eq(bookings.status, 'reserved')));
    expect(held[0]?.n).toBe(PLACES);
  }, 120_000);
});
