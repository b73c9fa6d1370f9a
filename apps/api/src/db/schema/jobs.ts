import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Durable jobs (docs/decisions/071-durable-jobs.md): work that happens later, written in the same transaction as the
 * change that causes it. A worker in each API process claims due jobs (FOR UPDATE SKIP LOCKED) with a lease, runs
 * them, and marks them done only while it still holds them (status and attempt as expected); failures come back
 * later with exponential backoff until max_attempts, then stay `failed` for staff to see.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The handler that runs it (apps/api/src/jobs/handlers.ts). */
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** Makes enqueueing idempotent: a second job with the same name and key is not added. */
    uniqueKey: text('unique_key'),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** Claims so far; also the fencing token: finishing a run requires the attempt it was claimed with. */
    attempts: integer('attempts').notNull().default(0),
    /** Runs before it is parked as failed; null: the JOBS_MAX_ATTEMPTS setting. */
    maxAttempts: integer('max_attempts'),
    /** Which process holds it, and until when: a lease that ran out (a crashed worker) is claimed again. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_unique_key_idx').on(t.name, t.uniqueKey),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
  ],
);
