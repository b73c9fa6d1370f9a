import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';
import { bookings, clients, occurrences, schedules, sessions, users, venues } from '../../apps/api/src/db/schema';
import { sha256 } from '../../apps/api/src/lib/ids';

export interface AddsResult {
  callers: number;
  places: number;
  seconds: number;
  addsPerSecond: number;
  p50: number;
  p99: number;
  taken: number;
  full: number;
  other: number;
  consumed: number;
}

/**
 * The rush on one class: `callers` customers (each logged in, in the database) and one spin class with `places`
 * places, made before the rush. Answers their session cookies and the class's id.
 */
export async function prepareRush(
  db: Database['db'],
  callers: number,
  places: number,
): Promise<{ cookies: string[]; occurrenceId: string }> {
  const [client] = await db.select().from(clients).where(eq(clients.identifier, 'northfield'));
  if (!client) throw new Error('no northfield client');
  const [venue] = await db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, client.id), eq(venues.slug, 'harrogate')));
  const [schedule] = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.venueId, venue?.id ?? 0), eq(schedules.name, 'Spin')));
  if (!venue || !schedule) throw new Error('no Harrogate spin schedule');
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  const occurrenceId = `oc_rush_${randomBytes(4).toString('hex')}`;
  await db.insert(occurrences).values({
    id: occurrenceId,
    clientId: client.id,
    scheduleId: schedule.id,
    venueId: venue.id,
    categoryId: schedule.categoryId,
    bookingType: 'classes',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 45 * 60_000),
    originalStartsAt: startsAt,
    originalEndsAt: new Date(startsAt.getTime() + 45 * 60_000),
    capacityMaximum: places,
    price: 650,
  });
  const run = Date.now().toString(36);
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: callers }, (_, i) => ({
        clientId: client.id,
        reference: `RUSH-${run}-${i}`,
        email: `rush-${run}-${i}@example.invalid`,
        passwordHash: '!',
        firstName: 'Rush',
        lastName: String(i),
      })),
    )
    .returning({ id: users.id });
  const tokens = people.map(() => randomBytes(32).toString('base64url'));
  await db.insert(sessions).values(
    people.map((p, i) => ({
      tokenHash: sha256(tokens[i] as string),
      clientId: client.id,
      userId: p.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  return { cookies: tokens.map((token) => `northfield_session=${token}`), occurrenceId };
}

/** One browser's Add: its own connection (no shared agent), the time from sending to the whole answer. */
function add(url: string, cookie: string, body: string): Promise<{ status: number; code: string | undefined; ms: number }> {
  return send(url, 'POST', body, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'client-domain-identifier': 'northfield',
    'sec-fetch-site': 'same-origin',
    cookie,
  });
}

/** One request on a connection of its own (no shared agent), timed from sending to the whole answer. */
function send(
  url: string,
  method: string,
  body: string | undefined,
  headers: Record<string, string>,
): Promise<{ status: number; code: string | undefined; ms: number }> {
  const sent = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: false, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => {
        let code: string | undefined;
        try {
          code = (JSON.parse(text) as { code?: string }).code;
        } catch {
          code = undefined;
        }
        resolve({ status: res.statusCode ?? 0, code, ms: performance.now() - sent });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * Every caller presses Add at the same moment, spread over the API processes in turn: one connection each (a
 * thousand browsers), all sent before any answer is read. Adds/s is the callers over the time from the first send
 * to the last answer; p50 and p99 are of each caller's own wait.
 */
export async function rush(
  db: Database['db'],
  apiUrls: string[],
  cookies: string[],
  occurrenceId: string,
  places: number,
): Promise<AddsResult> {
  const body = JSON.stringify({ items: [{ id: occurrenceId, type: 'purchasableOccurrence' }] });
  const started = performance.now();
  const answers = await Promise.all(cookies.map((cookie, i) => add(`${apiUrls[i % apiUrls.length]}/api/checkout/cart/add`, cookie, body)));
  const seconds = (performance.now() - started) / 1000;
  const waits = answers.map((a) => a.ms).sort((a, b) => a - b);
  const [row] = await db.select({ consumed: occurrences.capacityConsumed }).from(occurrences).where(eq(occurrences.id, occurrenceId));
  await db.delete(bookings).where(eq(bookings.occurrenceId, occurrenceId));
  return {
    callers: cookies.length,
    places,
    seconds,
    addsPerSecond: cookies.length / seconds,
    p50: Math.round(percentile(waits, 50)),
    p99: Math.round(percentile(waits, 99)),
    taken: answers.filter((a) => a.status === 200).length,
    full: answers.filter((a) => a.status === 409 && a.code === 'occurrence_full').length,
    other: answers.filter((a) => a.status !== 200 && !(a.status === 409 && a.code === 'occurrence_full')).length,
    consumed: Number(row?.consumed ?? -1),
  };
}

/**
 * The rush's ceiling on this machine at this moment: the same number of one-connection requests, all sent at once,
 * to the bare Fastify route (no database, no hooks). What it cannot reach, no add can: on a loaded machine the
 * connections, the HTTP parsing and the load generator itself are most of the rush.
 */
export async function bareRush(url: string, callers: number): Promise<{ perSecond: number; p50: number; p99: number }> {
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: callers }, () => send(url, 'GET', undefined, {})));
  const seconds = (performance.now() - started) / 1000;
  const waits = answers.map((a) => a.ms).sort((a, b) => a - b);
  return { perSecond: callers / seconds, p50: Math.round(percentile(waits, 50)), p99: Math.round(percentile(waits, 99)) };
}
