import { type ClashCandidate, type Closure, detectClashes, type OpeningTime } from '@app/domain';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { clients, closures, occurrences, venues } from '../../db/schema';
import { loadReference, named, type Reference } from '../venues/reference';
import { findOccurrences, type OccurrenceRow } from './queries';

/** Clashes reach this far around a window: the longest session (12 h) plus setup and teardown. */
const REACH_MS = 14 * 3_600_000;

const candidateOf =
  (ref: Reference) =>
  (r: OccurrenceRow): ClashCandidate => ({
    id: r.occurrence.id,
    startsAt: r.occurrence.startsAt,
    endsAt: r.occurrence.endsAt,
    setupMinutes: r.occurrence.setupMinutes,
    teardownMinutes: r.occurrence.teardownMinutes,
    recurrenceId: r.occurrence.recurrenceId,
    instructors: named(r.occurrence.instructorIds, ref.instructors),
    locations: named(r.occurrence.locationIds, ref.locations),
    bookingStrategy: r.bookingStrategy,
  });

/**
 * Re-runs clash detection for a venue's sessions starting in [from, to) and stores the result: the clashes and
 * status 'clashing' when there are any (back to 'bookable' when a clash is gone; cancelled sessions are left alone).
 * Instructors are checked against the client's sessions at every venue, spaces against this venue's.
 */
export async function recheckClashes(db: Conn, clientId: number, venueId: number, from: Date, to: Date): Promise<number> {
  const [venue] = await db.select({ openingTimes: venues.openingTimes }).from(venues).where(eq(venues.id, venueId));
  if (!venue) return 0;
  const [client] = await db.select({ timezone: clients.timezone }).from(clients).where(eq(clients.id, clientId));
  const tz = client?.timezone ?? 'Europe/London';
  const wide = { from: new Date(from.getTime() - REACH_MS), to: new Date(to.getTime() + REACH_MS) };
  // One after the other: `db` may be a transaction, which is one connection.
  const rows = await findOccurrences(db, { clientId, startsAfter: wide.from, startsBefore: wide.to });
  const ref = await loadReference(db, clientId);
  const candidate = candidateOf(ref);
  const live = rows.filter((r) => r.occurrence.status !== 'cancelled');
  const venueOf = new Map(live.map((r) => [r.occurrence.id, r.occurrence.venueId]));
  const venueClosures: Closure[] = (
    await db
      .select()
      .from(closures)
      .where(and(eq(closures.venueId, venueId), lt(closures.startsAt, wide.to), gt(closures.endsAt, wide.from)))
  ).map((c) => ({ id: c.id, locationIds: c.locationIds, startsAt: c.startsAt, endsAt: c.endsAt, reason: c.reason }));
  const openingTimes: OpeningTime[] = venue.openingTimes;

  // A sweep in start order: each session is compared only with those whose span can reach it.
  const sorted = [...live].sort((a, b) => a.occurrence.startsAt.getTime() - b.occurrence.startsAt.getTime());
  // Each session's candidate is made once, as this venue sees it (spaces only clash within the venue; instructors
  // anywhere), not once per pair: a venue's day of courts meets hundreds of sessions within reach.
  const seen = sorted.map((r) => {
    const c = candidate(r);
    return venueOf.get(c.id) === venueId ? c : { ...c, locations: [] };
  });
  const starts = sorted.map((r) => r.occurrence.startsAt.getTime());
  const changes: { id: string; clashes: unknown[]; status: string }[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const row = sorted[i] as OccurrenceRow;
    const o = row.occurrence;
    if (o.venueId !== venueId || o.startsAt < from || o.startsAt >= to) continue;
    const at = starts[i] as number;
    const near: ClashCandidate[] = [];
    for (let j = i - 1; j >= 0 && at - (starts[j] as number) <= REACH_MS; j--) near.push(seen[j] as ClashCandidate);
    for (let j = i + 1; j < sorted.length && (starts[j] as number) - at <= REACH_MS; j++) near.push(seen[j] as ClashCandidate);
    const found = detectClashes(seen[i] as ClashCandidate, near, openingTimes, venueClosures, tz);
    const status = found.length > 0 ? 'clashing' : 'bookable';
    if (status !== o.status || JSON.stringify(found) !== JSON.stringify(o.clashes)) changes.push({ id: o.id, clashes: found, status });
  }
  if (changes.length === 0) return 0;
  await db.execute(sql`
    UPDATE ${occurrences} o SET clashes = x.clashes, status = x.status
    FROM jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) AS x(id text, clashes jsonb, status text)
    WHERE o.id = x.id AND o.status <> 'cancelled'`);
  return changes.length;
}
