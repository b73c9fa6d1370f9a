import type { Source } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { type Conn, type Db, queryRows, type Tx } from '../../db/client';
import { bookings, occurrences } from '../../db/schema';
import { Coalescer } from '../../lib/coalesce';
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

/** An occurrence's row as a committed snapshot has it: what a take's condition reads. */
export interface PlacesState {
  clientId: number;
  deleted: boolean;
  cancelled: boolean;
  closesAt: Date;
  strategy: 'shared' | 'split';
  maximum: number | null;
  consumed: number;
  capacityOnline: number | null;
  capacityFoh: number | null;
  consumedOnline: number;
  consumedFoh: number;
  /** Some reserved bookings' holds have lapsed: a take that finds it full gives them back and tries again. */
  expiredHolds: boolean;
}

/**
 * What takePlacesFreeingHolds would answer for this snapshot, when it is a refusal (null when it might take): the same
 * condition as takeOrExplain's UPDATE, read the same way. A full session with lapsed holds is not refused here (only a
 * transaction gives holds back); nor is one with room, even for someone already holding it (the add's own checks say
 * so, in their order). Pure, so the probe before the transaction and the UPDATE cannot drift apart unseen.
 */
export function refusalAt(
  state: PlacesState | undefined,
  clientId: number,
  places: number,
  now: Date,
  source: Source,
  held: HolderRefusal | null,
): Exclude<TakeResult, 'taken'> | HolderRefusal | null {
  if (!state || state.clientId !== clientId || state.deleted) return 'missing';
  const closed = state.cancelled || state.closesAt <= now;
  const online = source === 'online' ? places : 0;
  const foh = source === 'foh' ? places : 0;
  const fits =
    state.strategy === 'split'
      ? state.consumedOnline + online <= (state.capacityOnline ?? 0) && state.consumedFoh + foh <= (state.capacityFoh ?? 0)
      : state.maximum !== null && state.consumed + places <= state.maximum;
  if (!closed && fits) return null;
  if (held) return held;
  if (closed) return 'closed';
  return state.expiredHolds ? null : 'full';
}

interface ProbeQuestion {
  occurrenceId: string;
  holderId: number | undefined;
  now: Date;
}

/**
 * The committed state of the occurrences asked about, and which of the askers already hold them, in one autocommit
 * statement for all the questions of a batch (by primary key and bookings_occurrence_idx).
 */
async function probeOccurrences(db: Db, questions: ProbeQuestion[]) {
  const ids = [...new Set(questions.map((q) => q.occurrenceId))];
  const holders = [...new Set(questions.flatMap((q) => (q.holderId === undefined ? [] : [q.holderId])))];
  // The latest asker's time: a hold lapsed by then counts as lapsed, which only ever sends an asker on to the UPDATE.
  const now = new Date(Math.max(...questions.map((q) => q.now.getTime())));
  const rows = await queryRows<{
    id: string;
    client_id: number;
    deleted: boolean;
    cancelled: boolean;
    closes_at: Date | string;
    capacity_strategy: 'shared' | 'split';
    capacity_maximum: string | number | null;
    capacity_consumed: string | number;
    capacity_online: string | number | null;
    capacity_foh: string | number | null;
    consumed_online: string | number;
    consumed_foh: string | number;
    expired_holds: boolean;
    holders: { user_id: number; status: string }[] | null;
  }>(
    db,
    sql`
    SELECT o.id, o.client_id, o.deleted_at IS NOT NULL AS deleted, o.status = 'cancelled' AS cancelled,
      coalesce(o.last_bookable_at, o.starts_at) AS closes_at, o.capacity_strategy, o.capacity_maximum,
      o.capacity_consumed, o.capacity_online, o.capacity_foh, o.consumed_online, o.consumed_foh,
      EXISTS (SELECT 1 FROM ${bookings} b WHERE b.occurrence_id = o.id AND b.status = 'reserved'
        AND b.hold_expires_at <= ${now}) AS expired_holds,
      (SELECT json_agg(json_build_object('user_id', b.user_id, 'status', b.status)) FROM ${bookings} b
        WHERE b.occurrence_id = o.id AND b.user_id = ANY(${`{${holders.join(',')}}`}::int[]) AND b.status <> 'cancelled'
          AND NOT (b.status = 'reserved' AND b.hold_expires_at <= ${now})) AS holders
    FROM ${occurrences} o WHERE o.id IN ${ids}`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return questions.map((q) => {
    const r = byId.get(q.occurrenceId);
    if (!r) return { state: undefined, held: null };
    const state: PlacesState = {
      clientId: Number(r.client_id),
      deleted: r.deleted,
      cancelled: r.cancelled,
      closesAt: new Date(r.closes_at),
      strategy: r.capacity_strategy,
      maximum: r.capacity_maximum === null ? null : Number(r.capacity_maximum),
      consumed: Number(r.capacity_consumed),
      capacityOnline: r.capacity_online === null ? null : Number(r.capacity_online),
      capacityFoh: r.capacity_foh === null ? null : Number(r.capacity_foh),
      consumedOnline: Number(r.consumed_online),
      consumedFoh: Number(r.consumed_foh),
      expiredHolds: r.expired_holds,
    };
    const mine = q.holderId === undefined ? undefined : (r.holders ?? []).find((h) => h.user_id === q.holderId);
    const held: HolderRefusal | null = mine ? (mine.status === 'settled' ? 'already_booked' : 'already_in_basket') : null;
    return { state, held };
  });
}

/** How many takes of `places` the snapshot has room for, by the source's counter (0 when full). */
export function roomAt(state: PlacesState, places: number, source: Source): number {
  const room =
    state.strategy === 'split'
      ? source === 'foh'
        ? (state.capacityFoh ?? 0) - state.consumedFoh
        : (state.capacityOnline ?? 0) - state.consumedOnline
      : (state.maximum ?? 0) - state.consumed;
  return Math.max(0, Math.floor(room / places));
}

type ProbeAnswer = Awaited<ReturnType<typeof probeOccurrences>>[number];

interface Gate {
  inFlight: number;
  waiting: (() => void)[];
}

/**
 * At most this many adds of one occurrence run their transactions at once per process: the conditional UPDATEs of
 * one row run one after another anyway (each holds the row until its transaction ends), and an add waiting for the
 * row holds a pooled connection the session look-ups and probes of everyone else need.
 */
const MAX_TAKERS = 3;

/** Per database (one per process): the batched probe, and the adds of each occurrence let on to its UPDATE. */
const admissions = new WeakMap<Db, { probe: Coalescer<ProbeQuestion, ProbeAnswer>; gates: Map<string, Gate> }>();

export type Admission = { refused: Exclude<TakeResult, 'taken'> | HolderRefusal } | { leave: () => void };

/**
 * Admits an add of `places` on an occurrence to its transaction, or refuses it without one (decision 276).
 *
 * The refusal is read at a committed snapshot taken after this call began (an autocommit statement shared with the
 * concurrent adds of this process): the session was full (or closed, or missing, or already the caller's) then, so
 * the answer is true at that moment, and a read takes no lock, so a refusal neither waits for nor holds anything.
 *
 * Otherwise at most as many adds as the snapshot has room for (at least one) go on at once per occurrence in this
 * process; the others wait, holding nothing, until one of those finishes, and ask again: in a rush on the last places
 * the crowd waits for the few that can take them and is then refused by the read, rather than each running a
 * transaction to be refused by the UPDATE. Whatever is admitted is still decided by the conditional UPDATE inside the
 * add's transaction, the only statement that takes a place, so this changes who waits, never who gets a place
 * beyond capacity. The caller must call `leave` once its transaction has ended, whatever the outcome.
 */
export async function admitToTake(
  db: Db,
  clientId: number,
  occurrenceId: string,
  places: number,
  now: () => Date,
  source: Source,
  holderId: number | undefined,
): Promise<Admission> {
  let admission = admissions.get(db);
  if (!admission) {
    admission = { probe: new Coalescer((questions: ProbeQuestion[]) => probeOccurrences(db, questions)), gates: new Map() };
    admissions.set(db, admission);
  }
  const { probe, gates } = admission;
  for (;;) {
    const at = now();
    const { state, held } = await probe.ask({ occurrenceId, holderId, now: at });
    const refused = refusalAt(state, clientId, places, at, source, held);
    if (refused) return { refused };
    let gate = gates.get(occurrenceId);
    if (!gate) {
      gate = { inFlight: 0, waiting: [] };
      gates.set(occurrenceId, gate);
    }
    // Checked and counted in one turn of the loop: no other add of this process can come between.
    if (gate.inFlight < Math.min(MAX_TAKERS, Math.max(1, state ? roomAt(state, places, source) : 1))) {
      gate.inFlight++;
      const entered = gate;
      let left = false;
      return {
        leave: () => {
          if (left) return;
          left = true;
          entered.inFlight--;
          const woken = entered.waiting.splice(0);
          if (entered.inFlight === 0 && gates.get(occurrenceId) === entered) gates.delete(occurrenceId);
          for (const wake of woken) wake();
        },
      };
    }
    const waitFor = gate;
    await new Promise<void>((resolve) => waitFor.waiting.push(resolve));
  }
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
