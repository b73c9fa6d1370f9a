import { hostname } from 'node:os';
import type { Deps } from '../http/context';
import { randomId } from '../lib/ids';
import { appJobs, periodicJobs } from './handlers';
import { runDueJobs } from './runner';
import type { JobLog } from './types';

export interface JobWorker {
  /** Stops looking for jobs and waits for the one running (if any) to finish. */
  stop(): Promise<void>;
}

/**
 * The worker each API process runs: every JOBS_POLL_SECONDS it enqueues this period's periodic jobs (once across
 * all processes) and runs what is due. One round at a time per process; a slow round delays the next instead of
 * overlapping it.
 */
export function startJobWorker(deps: Deps, log: JobLog): JobWorker {
  const workerId = `${hostname()}:${process.pid}:${randomId('', 6)}`;
  const periodic = periodicJobs(deps.config);
  let round: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (round || stopped) return;
    round = runDueJobs(deps, deps.clock.now(), { definitions: appJobs, periodic, workerId, log })
      .then(() => undefined)
      .catch((err) => log.error(`job round failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        round = null;
      });
  };
  const timer = setInterval(tick, deps.config.jobs.pollSeconds * 1000);
  timer.unref();
  setImmediate(tick);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
