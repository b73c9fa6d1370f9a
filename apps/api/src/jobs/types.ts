import type { Deps } from '../http/context';
import type { JobRow } from './queue';

export interface JobLog {
  info(msg: string): void;
  error(msg: string): void;
}

export interface JobContext {
  /** The app's parts: database, settings, clock (tests move it), payment providers. */
  deps: Deps;
  /** When the job was claimed, from the app's clock. */
  now: Date;
  log: JobLog;
}

/**
 * What a job of one name does. A handler must be idempotent (it may run again after a crash, a lost lease or a
 * retry) and throws to have the job retried later with backoff.
 */
export interface JobDefinition {
  run(job: JobRow, ctx: JobContext): Promise<void>;
  /** Never two of this name running at once, across every process (a periodic scan that must not overlap itself). */
  exclusive?: boolean;
}

export type JobDefinitions = Record<string, JobDefinition>;

/** A job enqueued once per period by whichever process gets there first, so it runs once per period overall. */
export interface PeriodicJob {
  name: string;
  everySeconds: number;
}
