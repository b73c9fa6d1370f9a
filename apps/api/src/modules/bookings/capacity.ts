import { and, eq, sql } from 'drizzle-orm';
import { type Conn, type Db, queryRows } from '../../db/client';
import { bookings, occurrences } from '../../db/schema';
import { inTransaction } from '../../lib/transaction';

export type TakeResult = 'taken' | 'full' | 'closed' | 'missing';

/**
 * Takes places on an occurrence in one conditional UPDATE: it succeeds only while the places fit, the session is
 * bookable and booking has not closed. Postgres serialises concurrent UPDATEs of the row and re-checks the
 * condition, so capacity holds across any number of API processes.
 */
export async function takePlaces(tx: Conn, clientId: number, occurrenceId: string, places: number, now: Date): Promise<TakeResult> {
  const taken = await tx
    .update(occurrences)
    .set({ capacityConsumed: sql`${occurrences.capacityConsumed} + ${places}` })
    .where(
      and(
        eq(occurrences.id, occurrenceId),
        eq(occurrences.clientId, clientId),
        eq(occurrences.status, 'bookable'),
        sql`${occurrences.capacityConsumed} + ${places} <= ${occurrences.capacityMaximum}`,
        sql`coalesce(${occurrences.lastBookableAt}, ${occurrences.startsAt}) > ${now}`,
      ),
    )
    .returning({ id: occurrences.id });
  if (taken.length > 0) return 'taken';
  const [o] = await tx
    .select({ status: occurrences.status, startsAt: occurrences.startsAt, lastBookableAt: occurrences.lastBookableAt })
    .from(occurrences)
    .where(and(eq(occurrences.id, occurrenceId), eq(occurrences.clientId, clientId)));
  if (!o) return 'missing';
  if (o.status !== 'bookable' || (o.lastBookableAt ?? o.startsAt) <= now) return 'closed';
  return 'full';
}

export async function givePlacesBack(tx: Conn, occurrenceId: string, places: number): Promise<void> {
  if (places <= 0) return;
  await tx
    .update(occurrences)
    .set({ capacityConsumed: sql`greatest(0, ${occurrences.capacityConsumed} - ${places})` })
    .where(eq(occurrences.id, occurrenceId));
}

/**
 * Cancels the expired holds on one occurrence and gives their places back, in one statement. Rows another
 * transaction is already releasing are skipped (SKIP LOCKED), so two releasers never wait on each other.
 */
export async function releaseExpiredHolds(tx: Conn, occurrenceId: string, now: Date): Promise<number> {
  const rows = await queryRows<{ freed: number | null }>(
    tx,
    sql`
    WITH expired AS (
      SELECT id FROM ${bookings}
      WHERE occurrence_id = ${occurrenceId} AND status = 'reserved' AND hold_expires_at <= ${now}
      FOR UPDATE SKIP LOCKED
    ), cancelled AS (
      UPDATE ${bookings} b SET status = 'cancelled', cancelled_at = ${now}, cancellation_source = 'hold_expired'
      FROM expired WHERE b.id = expired.id
      RETURNING b.capacity_consumed
    ), freed AS (SELECT coalesce(sum(capacity_consumed), 0)::int AS n FROM cancelled)
    UPDATE ${occurrences} SET capacity_consumed = greatest(0, capacity_consumed - freed.n)
    FROM freed WHERE ${occurrences.id} = ${occurrenceId} AND freed.n > 0
    RETURNING freed.n AS freed`,
  );
  return Number(rows[0]?.freed ?? 0);
}

/**
 * Gives back every expired hold, one occurrence per short transaction so the sweeper never holds two occurrence
 * locks at once (and so cannot deadlock with a basket taking places in id order).
 */
export async function sweepExpiredHolds(db: Db, now: Date, limit = 500): Promise<number> {
  const due = await queryRows<{ occurrence_id: string }>(
    db,
    sql`
    SELECT DISTINCT occurrence_id FROM ${bookings}
    WHERE status = 'reserved' AND hold_expires_at <= ${now} LIMIT ${limit}`,
  );
  let freed = 0;
  for (const { occurrence_id } of due) freed += await inTransaction(db, (tx) => releaseExpiredHolds(tx, occurrence_id, now));
  return freed;
}
