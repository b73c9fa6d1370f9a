import type { Config } from '../config';
import { sweepExpiredHolds } from '../modules/bookings/capacity';
import { cancelForOccurrence, OCCURRENCE_CANCEL_JOB } from '../modules/cancellations/occurrence';
import { ABANDON_JOB, executeAbandon } from '../modules/checkout/abandon';
import { RECONCILE_SCAN_JOB, RECONCILE_TRANSACTION_JOB, reconcileScan, reconcileTransaction } from '../modules/checkout/reconcile';
import { executeRefund, executeRelease, REFUND_JOB, RELEASE_JOB } from '../modules/checkout/refunds';
import { EMAIL_JOB } from '../modules/notifications/queue';
import { REMINDER_SCAN_JOB, reminderScan } from '../modules/notifications/reminders';
import { emailJob } from '../modules/notifications/send';
import { expireOffer, OFFER_EXPIRY_JOB, offerFreedPlaces } from '../modules/waitlists/offers';
import { pruneJobs } from './prune';
import type { JobDefinitions, PeriodicJob } from './types';

export const HOLD_SWEEP_JOB = 'holds.sweep';
export const PRUNE_JOB = 'jobs.prune';

/** Every kind of job the app runs, by name. A new kind is a handler here (and, if periodic, a line below). */
export const appJobs: JobDefinitions = {
  // Holds are also released whenever someone tries to book the session; this returns the rest promptly.
  [HOLD_SWEEP_JOB]: {
    exclusive: true,
    run: async (_job, { deps, now }) => void (await sweepExpiredHolds(deps.db, now, 500, (tx, id) => offerFreedPlaces(tx, deps, id, now))),
  },
  [OCCURRENCE_CANCEL_JOB]: { run: (job, { deps }) => cancelForOccurrence(deps, job.payload) },
  [OFFER_EXPIRY_JOB]: { run: (job, { deps, now }) => expireOffer(deps, Number(job.payload.entryId), now) },
  [REFUND_JOB]: { run: (job, { deps }) => executeRefund(deps, String(job.payload.refundId)) },
  [RELEASE_JOB]: { run: (job, { deps }) => executeRelease(deps, String(job.payload.transactionUuid)) },
  [ABANDON_JOB]: {
    run: (job, { deps }) => executeAbandon(deps, String(job.payload.transactionUuid), String(job.payload.sessionKey)),
  },
  [RECONCILE_SCAN_JOB]: reconcileScan,
  [RECONCILE_TRANSACTION_JOB]: reconcileTransaction,
  [PRUNE_JOB]: { exclusive: true, run: (_job, { deps, now }) => pruneJobs(deps.db, now) },
  [EMAIL_JOB]: emailJob,
  [REMINDER_SCAN_JOB]: reminderScan,
};

/** What runs on a schedule, once per period across all processes. */
export const periodicJobs = (config: Config): PeriodicJob[] => [
  { name: HOLD_SWEEP_JOB, everySeconds: config.holdSweepSeconds },
  { name: RECONCILE_SCAN_JOB, everySeconds: config.reconcileSeconds },
  { name: PRUNE_JOB, everySeconds: 86_400 },
  { name: REMINDER_SCAN_JOB, everySeconds: config.reminders.scanSeconds },
];
