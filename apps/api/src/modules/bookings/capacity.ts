import type { Source } from '@app/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { type Conn, type Db, queryRows } from '../../db/client';
import { bookings, occurrences } from '../../db/schema';
import { inTransaction } from '../../lib/transaction';

export type TakeResult = 'taken' | 'full' | 'closed' | 'missing';

/**
 * Takes places on an occurrence in one conditional UPDATE: it succeeds only while the places fit (the whole
 * capacity, or with the split strategy the share of the booking's source), the session is not cancelled or deleted,
 * and booking has not closed. Postgres serialises concurrent UPDATEs of the row and re-checks the condition, so
 * capacity holds across any number of API processes. Per-source counters always add up to capacity_consumed.
 */
export async function takePlaces(
  tx: Conn,
  clientId: number,
  occurrenceId: string,
  places: number,
  now: Date,
  source: Source = 'online',
): Promise<TakeResult> {
  const online = source === 'online' ? places : 0;
  const foh = source === 'foh' ? places : 0;
  const taken = await tx
    .update(occurrences)
    .set({
      capacityConsumed: sql`${occurrences.capacityConsumed} + ${places}`,
      consumedOnline: sql`${occurrences.consumedOnline} + ${online}`,
      consumedFoh: sql`${occurrences.consumedFoh} + ${foh}`,
    })
    .where(
      and(
        eq(occurrences.id, occurrenceId),
        eq(occurrences.clientId, clientId),
        ne(occurrences.status, 'cancelled'),
        isNull(occurrences.deletedAt),
        sql`CASE WHEN ${occurrences.capacityStrategy} = 'split'
              THEN ${occurrences.consumedOnline} + ${online} <= coalesce(${occurrences.capacityOnline}, 0)
               AND ${occurrences.consumedFoh} + ${foh} <= coalesce(${occurrences.capacityFoh}, 0)
              ELSE ${occurrences.capacityConsumed} + ${places} <= ${occurrences.capacityMaximum} END`,
        sql`coalesce(${occurrences.lastBookableAt}, ${occurrences.startsAt}) > ${now}`,
      ),
    )
    .returning({ id: occurrences.id });
  if (taken.length > 0) return 'taken';
  const [o] = await tx
    .select({
      status: occurrences.status,
      deletedAt: occurrences.deletedAt,
      startsAt: occurrences.startsAt,
      lastBookableAt: occurrences.lastBookableAt,
    })
    .from(occurrences)
    .where(and(eq(occurrences.id, occurrenceId), eq(occurrences.clientId, clientId)));
  if (!o || o.deletedAt) return 'missing';
  if (o.status === 'cancelled' || (o.lastBookableAt ?? o.startsAt) <= now) return 'closed';
  return 'full';
}

export async function givePlacesBack(tx: Conn, occurrenceId: string, places: number, source: Source): Promise<void> {
  if (places <= 0) return;
  await tx
    .update(occurrences)
    .set({
      capacityConsumed: sql`greatest(0, ${occurrences.capacityConsumed} - ${places})`,
      consumedOnline: sql`greatest(0, ${occurrences.consumedOnline} - ${source === 'online' ? places : 0})`,
      consumedFoh: sql`greatest(0, ${occurrences.consumedFoh} - ${source === 'foh' ? places : 0})`,
    })
    .where(eq(occurrences.id, occurrenceId));
}

/**
 * Cancels the expired holds on one occurrence and gives their places back, in one statement. Rows another
 * transaction is already releasing are skipped (SKIP LOCKED), so two releasers never wait on each other.
 */
export async function releaseExpiredHolds(tx: Conn, occurrenceId: string, now: Date): Promise<number> {
  const rows = await queryRows<{ freed: string | number | null }>(
    tx,
    sql`
    WITH expired AS (
      SELECT id FROM ${bookings}
      WHERE occurrence_id = ${occurrenceId} AND status = 'reserved' AND hold_expires_at <= ${now}
      FOR UPDATE SKIP LOCKED
    ), cancelled AS (
      UPDATE ${bookings} b SET status = 'cancelled', cancelled_at = ${now}, cancellation_source = 'hold_expired'
      FROM expired WHERE b.id = expired.id AND b.status = 'reserved'
      RETURNING b.capacity_consumed, b.source
    ), freed AS (
      SELECT coalesce(sum(capacity_consumed), 0)::bigint AS n,
             coalesce(sum(capacity_consumed) FILTER (WHERE source = 'online'), 0)::bigint AS n_online,
             coalesce(sum(capacity_consumed) FILTER (WHERE source = 'foh'), 0)::bigint AS n_foh
      FROM cancelled
    )
    UPDATE ${occurrences} SET capacity_consumed = greatest(0, capacity_consumed - freed.n),
      consumed_online = greatest(0, consumed_online - freed.n_online),
      consumed_foh = greatest(0, consumed_foh - freed.n_foh)
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
