import { sql } from 'drizzle-orm';
import { type Conn, type Db, queryRows } from '../db/client';
import type { Deps } from '../http/context';
import { inTransaction } from '../lib/transaction';
import { enqueue, type JobRow } from './queue';
import type { JobDefinitions, JobLog, PeriodicJob } from './types';

/** The longest wait between two tries of a failing job. */
const MAX_BACKOFF_SECONDS = 3600;

/** Seconds before try n+1 after n failed tries: base, 2 x base, 4 x base... capped at an hour. */
export const backoffSeconds = (base: number, failedTries: number): number =>
  Math.min(MAX_BACKOFF_SECONDS, base * 2 ** Math.max(0, failedTries - 1));

const at = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

type Raw = {
  id: string | number;
  name: string;
  payload: Record<string, unknown>;
  unique_key: string | null;
  status: JobRow['status'];
  run_at: string | Date;
  attempts: number;
  max_attempts: number | null;
  locked_by: string | null;
  locked_until: string | Date | null;
  last_error: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  finished_at: string | Date | null;
};
const date = (v: string | Date | null): Date | null => (v === null ? null : new Date(v));
const rowOf = (r: Raw): JobRow => ({
  id: Number(r.id),
  name: r.name,
  payload: r.payload,
  uniqueKey: r.unique_key,
  status: r.status,
  runAt: new Date(r.run_at),
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  lockedBy: r.locked_by,
  lockedUntil: date(r.locked_until),
  lastError: r.last_error,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  finishedAt: date(r.finished_at),
});

/** Enqueues this period's run of each periodic job; the unique key makes every process agree on one. */
export async function schedulePeriodic(conn: Conn, now: Date, periodic: PeriodicJob[]): Promise<void> {
  for (const p of periodic) {
    const periodMs = p.everySeconds * 1000;
    const start = new Date(Math.floor(now.getTime() / periodMs) * periodMs);
    // One try: the next period runs it again anyway.
    await enqueue(conn, now, { name: p.name, uniqueKey: start.toISOString(), runAt: start, maxAttempts: 1 });
  }
}

/**
 * Claims due jobs for this worker: queued ones whose time has come, and running ones whose lease ran out (their
 * worker died). FOR UPDATE SKIP LOCKED lets every process claim at once without waiting on or doubling each other.
 * Only the names given (this worker's handlers, exclusive ones aside: see claimExclusive) are claimed, so a process
 * of an older release leaves a new kind of job to the processes that know it.
 */
async function claimDue(
  conn: Conn,
  now: Date,
  workerId: string,
  leaseSeconds: number,
  limit: number,
  names: string[],
  ids?: number[],
): Promise<JobRow[]> {
  if (names.length === 0 || ids?.length === 0) return [];
  const rows = await queryRows<Raw>(
    conn,
    sql`
    WITH due AS (
      SELECT id FROM jobs
      WHERE ((status = 'queued' AND run_at <= ${now}) OR (status = 'running' AND locked_until <= ${now}))
        AND name IN ${names}${ids ? sql` AND id IN ${ids}` : sql``}
      ORDER BY run_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE jobs j SET status = 'running', attempts = j.attempts + 1, locked_by = ${workerId},
      locked_until = ${at(now, leaseSeconds)}, updated_at = ${now}
    FROM due WHERE j.id = due.id
    RETURNING j.*`,
  );
  return rows.map(rowOf);
}

/**
 * Claims the next due job of an exclusive name only if none of that name is running under a live lease. The
 * transaction-scoped advisory lock serialises claimers of the name, so two processes cannot both see "none running".
 */
async function claimExclusive(db: Db, now: Date, workerId: string, leaseSeconds: number, name: string): Promise<JobRow | null> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`jobs:${name}`}))`);
    const rows = await queryRows<Raw>(
      tx,
      sql`
      WITH due AS (
        SELECT id FROM jobs
        WHERE name = ${name}
          AND ((status = 'queued' AND run_at <= ${now}) OR (status = 'running' AND locked_until <= ${now}))
          AND NOT EXISTS (SELECT 1 FROM jobs r WHERE r.name = ${name} AND r.status = 'running' AND r.locked_until > ${now})
        ORDER BY run_at DESC, id DESC
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      UPDATE jobs j SET status = 'running', attempts = j.attempts + 1, locked_by = ${workerId},
        locked_until = ${at(now, leaseSeconds)}, updated_at = ${now}
      FROM due WHERE j.id = due.id
      RETURNING j.*`,
    );
    // Exclusive jobs are periodic scans: older runs never picked up are superseded by the one just claimed.
    if (rows[0]) {
      await tx.execute(sql`UPDATE jobs SET status = 'done', finished_at = ${now}, updated_at = ${now}, last_error = 'superseded'
        WHERE name = ${name} AND status = 'queued' AND run_at < ${new Date(rows[0].run_at)}`);
    }
    return rows[0] ? rowOf(rows[0]) : null;
  });
}

/** Jobs whose lease ran out once too often (they keep killing their worker, or never finish) stop being retried. */
async function parkExhausted(conn: Conn, now: Date, defaultMax: number): Promise<void> {
  await conn.execute(sql`
    UPDATE jobs SET status = 'failed', finished_at = ${now}, updated_at = ${now}, locked_by = NULL, locked_until = NULL,
      last_error = coalesce(last_error, '') || ' (lease expired on the last try)'
    WHERE status = 'running' AND locked_until <= ${now} AND attempts >= coalesce(max_attempts, ${defaultMax})`);
}

/**
 * Done, only if this worker still holds this try (status and attempt as claimed): a lost lease changes nothing.
 * locked_by stays, to say which process ran it.
 */
async function markDone(conn: Conn, job: JobRow, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    conn,
    sql`UPDATE jobs SET status = 'done', finished_at = ${now}, updated_at = ${now}, locked_until = NULL
        WHERE id = ${job.id} AND status = 'running' AND attempts = ${job.attempts} RETURNING id`,
  );
  return rows.length > 0;
}

/** Back in the queue after the backoff, or parked as failed (visible) once it has had all its tries. */
async function markFailed(
  conn: Conn,
  job: JobRow,
  now: Date,
  error: string,
  defaultMax: number,
  base: number,
): Promise<'retry' | 'failed'> {
  const max = job.maxAttempts ?? defaultMax;
  const last = job.attempts >= max;
  await conn.execute(sql`
    UPDATE jobs SET status = ${last ? 'failed' : 'queued'}, last_error = ${error.slice(0, 2000)}, updated_at = ${now},
      locked_by = NULL, locked_until = NULL,
      run_at = ${last ? job.runAt : at(now, backoffSeconds(base, job.attempts))},
      finished_at = ${last ? now : null}
    WHERE id = ${job.id} AND status = 'running' AND attempts = ${job.attempts}`);
  return last ? 'failed' : 'retry';
}

export interface RunOptions {
  definitions: JobDefinitions;
  periodic?: PeriodicJob[];
  /** Names this worker in locked_by. */
  workerId?: string;
  /** At most this many jobs per round. */
  limit?: number;
  log?: JobLog;
  /** Only these jobs (non-exclusive ones), e.g. the emails a request has just queued (notifications/send.ts). */
  ids?: number[];
}

export interface RunSummary {
  done: number;
  retried: number;
  failed: number;
}

const silent: JobLog = { info: () => {}, error: () => {} };

/**
 * Runs the jobs due at `now` (from the app's clock), one after another, until none is left or `rounds` rounds have
 * passed (a job may enqueue another that is due at once). The worker calls this on a timer; tests call it directly,
 * after moving their clock, so nothing sleeps.
 */
export async function runDueJobs(deps: Deps, now: Date, options: RunOptions, rounds = 5): Promise<RunSummary> {
  const { definitions, log = silent } = options;
  const { leaseSeconds, maxAttempts, backoffSeconds: base } = deps.config.jobs;
  const workerId = options.workerId ?? `inline:${process.pid}`;
  const exclusive = Object.entries(definitions)
    .filter(([, d]) => d.exclusive)
    .map(([name]) => name);
  const shared = Object.keys(definitions).filter((name) => !exclusive.includes(name));
  const summary: RunSummary = { done: 0, retried: 0, failed: 0 };
  if (options.periodic?.length) await schedulePeriodic(deps.db, now, options.periodic);
  for (let round = 0; round < rounds; round++) {
    await parkExhausted(deps.db, now, maxAttempts);
    const claimed = await claimDue(deps.db, now, workerId, leaseSeconds, options.limit ?? 20, shared, options.ids);
    for (const name of options.ids ? [] : exclusive) {
      const one = await claimExclusive(deps.db, now, workerId, leaseSeconds, name);
      if (one) claimed.push(one);
    }
    if (claimed.length === 0) break;
    for (const job of claimed) {
      const definition = definitions[job.name] as JobDefinitions[string];
      try {
        await definition.run(job, { deps, now, log });
        if (await markDone(deps.db, job, deps.clock.now())) summary.done++;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const outcome = await markFailed(deps.db, job, deps.clock.now(), message, maxAttempts, base);
        summary[outcome === 'failed' ? 'failed' : 'retried']++;
        log.error(`job ${job.name} #${job.id} try ${job.attempts} failed (${outcome === 'failed' ? 'parked' : 'will retry'}): ${message}`);
      }
    }
  }
  return summary;
}
