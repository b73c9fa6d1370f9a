import { sql } from 'drizzle-orm';
import type { Conn } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

export interface NewJob {
  /** The handler that runs it (handlers.ts). */
  name: string;
  payload?: Record<string, unknown>;
  /** With a key, enqueueing is idempotent: a job of the same name and key already there (in any state) wins. */
  uniqueKey?: string;
  /** Not before this time; now by default. */
  runAt?: Date;
  /** Runs before it is parked as failed; the JOBS_MAX_ATTEMPTS setting by default. */
  maxAttempts?: number;
}

/**
 * Adds a job in the caller's transaction, so it exists exactly when the change that causes it commits. Answers the
 * new job's id, or null when a job with the same name and unique key was already there.
 */
export async function enqueue(conn: Conn, now: Date, job: NewJob): Promise<number | null> {
  const [row] = await conn
    .insert(jobs)
    .values({
      name: job.name,
      payload: job.payload ?? {},
      uniqueKey: job.uniqueKey ?? null,
      runAt: job.runAt ?? now,
      maxAttempts: job.maxAttempts ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [jobs.name, jobs.uniqueKey] })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/** A job's state, for tests and staff tools. */
export async function jobsNamed(conn: Conn, name: string): Promise<JobRow[]> {
  return conn.select().from(jobs).where(sql`${jobs.name} = ${name}`).orderBy(jobs.id);
}
