import type { Source } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { type Conn, type Db, queryRows, type Tx } from '../../db/client';
import { bookings, occurrences } from '../../db/schema';
import { inTransaction } from '../../lib/transaction';

export type TakeResult = 'taken' | 'full' | 'closed' | 'missing';
/** A refused take for a customer who already holds the session: they are told that rather than that it is full. */
export type HolderRefusal = 'already_booked' | 'already_in_basket';

/**
 * Takes places on an occurrence in one conditional UPDATE: it succeeds only while the places fit (the whole
 * capacity, or with the split strategy the share of the booking's source), the session is not cancelled or deleted,
 * and booking has not closed. Postgres serialises concurrent UPDATEs of the row and re-checks the condition, so
 * capacity holds across any number of API processes. Per-source counters always add up to capacity_consumed.
 *
 * The same statement says why when it takes nothing (read from the snapshot the UPDATE started from, by primary
 * key), so a refusal costs one round trip and no second read (decision 116). An UPDATE whose condition is false on
 * the committed row does not wait for that row's lock, so refusals on a full session do not queue behind the
 * transactions taking its last places.
 */
export async function takePlaces(
  tx: Conn,
  clientId: number,
  occurrenceId: string,
  places: number,
  now: Date,
  source: Source = 'online',
): Promise<TakeResult> {
  return (await takeOrExplain(tx, clientId, occurrenceId, places, now, source)).result;
}

async function takeOrExplain(
  tx: Conn,
  clientId: number,
  occurrenceId: string,
  places: number,
  now: Date,
  source: Source,
  holderId?: number,
): Promise<{ result: TakeResult; expiredHolds: boolean; held: HolderRefusal | null }> {
  const online = source === 'online' ? places : 0;
  const foh = source === 'foh' ? places : 0;
  const [row] = await queryRows<{ taken: boolean; found: boolean; closed: boolean; expired_holds: boolean; held: string | null }>(
    tx,
    sql`
    WITH taken AS (
      UPDATE ${occurrences} SET capacity_consumed = capacity_consumed + ${places},
        consumed_online = consumed_online + ${online}, consumed_foh = consumed_foh + ${foh}
      WHERE id = ${occurrenceId} AND client_id = ${clientId} AND status <> 'cancelled' AND deleted_at IS NULL
        AND CASE WHEN capacity_strategy = 'split'
              THEN consumed_online + ${online} <= coalesce(capacity_online, 0) AND consumed_foh + ${foh} <= coalesce(capacity_foh, 0)
              ELSE capacity_consumed + ${places} <= capacity_maximum END
        AND coalesce(last_bookable_at, starts_at) > ${now}
      RETURNING id
    ), before AS (
      SELECT status, deleted_at, coalesce(last_bookable_at, starts_at) AS closes_at FROM ${occurrences}
      WHERE id = ${occurrenceId} AND client_id = ${clientId}
    )
    SELECT EXISTS (SELECT 1 FROM taken) AS taken,
      EXISTS (SELECT 1 FROM before WHERE deleted_at IS NULL) AS found,
      EXISTS (SELECT 1 FROM before WHERE status = 'cancelled' OR closes_at <= ${now}) AS closed,
      -- Only worth knowing when nothing was taken: whether expired holds could be given back and the take tried again.
      NOT EXISTS (SELECT 1 FROM taken) AND EXISTS (SELECT 1 FROM ${bookings}
        WHERE occurrence_id = ${occurrenceId} AND status = 'reserved' AND hold_expires_at <= ${now}) AS expired_holds,
      -- The holder's own live booking of it (a lapsed hold does not count), to say so instead of "full".
      CASE WHEN ${holderId ?? null}::int IS NOT NULL AND NOT EXISTS (SELECT 1 FROM taken) THEN (SELECT b.status FROM ${bookings} b
        WHERE b.occurrence_id = ${occurrenceId} AND b.user_id = ${holderId ?? null}::int AND b.status <> 'cancelled'
          AND NOT (b.status = 'reserved' AND b.hold_expires_at <= ${now}) LIMIT 1) END AS held`,
  );
  const held: HolderRefusal | null = row?.held ? (row.held === 'settled' ? 'already_booked' : 'already_in_basket') : null;
  if (row?.taken) return { result: 'taken', expiredHolds: false, held: null };
  const result: TakeResult = !row?.found ? 'missing' : row.closed ? 'closed' : 'full';
  return { result, expiredHolds: Boolean(row?.expired_holds), held };
}

/**
 * Takes places as a basket add does: the conditional UPDATE first, and only when that finds the session full while
 * some of its holds have expired, gives those back and tries once more. A session that is simply full costs the one
 * statement (decision 116). With `holderId`, a refusal for someone who already holds the session says so.
 */
export async function takePlacesFreeingHolds(
  tx: Conn,
  clientId: number,
  occurrenceId: string,
  places: number,
  now: Date,
  source: Source = 'online',
  holderId?: number,
  /** Runs after expired holds were given back, before the retry: the session's waitlist is offered them first. */
  onFreed?: () => Promise<unknown>,
): Promise<TakeResult | HolderRefusal> {
  const first = await takeOrExplain(tx, clientId, occurrenceId, places, now, source, holderId);
  if (first.result === 'taken') return 'taken';
  if (first.held && first.result !== 'missing') return first.held;
  if (first.result !== 'full' || !first.expiredHolds) return first.result;
  if ((await releaseExpiredHolds(tx, occurrenceId, now)) === 0) return 'full';
  if (onFreed) await onFreed();
  return takePlaces(tx, clientId, occurrenceId, places, now, source);
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
export async function sweepExpiredHolds(
  db: Db,
  now: Date,
  limit = 500,
  /** In the same transaction, after places came back (the waitlist offers them on). */
  afterRelease?: (tx: Tx, occurrenceId: string) => Promise<unknown>,
): Promise<number> {
  const due = await queryRows<{ occurrence_id: string }>(
    db,
    sql`
    SELECT DISTINCT occurrence_id FROM ${bookings}
    WHERE status = 'reserved' AND hold_expires_at <= ${now} LIMIT ${limit}`,
  );
  let freed = 0;
  for (const { occurrence_id } of due) {
    freed += await inTransaction(db, async (tx) => {
      const n = await releaseExpiredHolds(tx, occurrence_id, now);
      if (n > 0 && afterRelease) await afterRelease(tx, occurrence_id);
      return n;
    });
  }
  return freed;
}
