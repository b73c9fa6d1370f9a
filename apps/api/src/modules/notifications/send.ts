import type { Deps } from '../../http/context';
import { runDueJobs } from '../../jobs/runner';
import type { JobDefinition } from '../../jobs/types';
import { brandOf } from './brand';
import type { EmailDataByKind, EmailKind } from './kinds';
import { deliverEmail } from './mailer';
import { EMAIL_JOB } from './queue';
import { renderEmail } from './render';

interface EmailPayload {
  clientId: number;
  to: string;
  kind: EmailKind;
  data: EmailDataByKind[EmailKind];
  dedupeKey: string;
}

/**
 * Renders a queued email with the client's brand as it is now and sends it. It may run more than once (a crash
 * after sending, a lost lease): the outbox keeps one row per dedupe key and SMTP gets the same Message-ID, and a
 * failure throws, so the job comes back with backoff (decision 105).
 */
export const emailJob: JobDefinition = {
  run: async (job, { deps }) => {
    const p = job.payload as unknown as EmailPayload;
    const brand = await brandOf(deps.db, p.clientId);
    const rendered = await renderEmail(p.kind, p.data, brand);
    await deliverEmail(deps, { clientId: p.clientId, to: p.to, kind: p.kind, dedupeKey: p.dedupeKey, ...rendered });
  },
};

/**
 * After the transaction that queued them has committed: sends these emails now rather than at the worker's next
 * poll. Claimed like any job, so the worker never sends one twice; a failure leaves the job to the worker's retries.
 */
export async function sendQueuedNow(deps: Deps, jobIds: (number | null)[]): Promise<void> {
  const ids = jobIds.filter((id): id is number => id !== null);
  if (ids.length === 0) return;
  await runDueJobs(deps, deps.clock.now(), { definitions: { [EMAIL_JOB]: emailJob }, ids }, 1);
}
