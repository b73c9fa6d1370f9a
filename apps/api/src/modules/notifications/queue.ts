import type { Conn } from '../../db/client';
import { enqueue } from '../../jobs/queue';
import type { EmailDataByKind, EmailKind } from './kinds';

/** The durable job that renders and sends one queued email (send.ts). */
export const EMAIL_JOB = 'email.send';

export type QueuedEmail<K extends EmailKind = EmailKind> = {
  [P in K]: {
    clientId: number;
    to: string;
    kind: P;
    data: EmailDataByKind[P];
    /**
     * Names this email among the client's: queueing the same key again (a retried transaction, a job run twice)
     * adds nothing, so it is sent once. Make it from what causes the email, e.g. `booking_confirmation:order:42`.
     */
    dedupeKey: string;
    /** The app clock's now (c.clock.now()): the job is due from then. */
    now: Date;
    /** Not before this time (a reminder), now by default. */
    runAt?: Date;
  };
}[K];

/**
 * Queues an email in the caller's transaction (decision 105): it exists exactly when the change that causes it
 * commits, and a worker sends it later through SMTP or the outbox with retries and backoff. Answers the email job's
 * id (give it to sendQueuedNow after the commit to send it at once), or null when an email with this dedupe key was
 * already queued for the client.
 */
export async function queueEmail(tx: Conn, email: QueuedEmail): Promise<number | null> {
  const id = await enqueue(tx, email.now, {
    name: EMAIL_JOB,
    uniqueKey: `${email.clientId}:${email.dedupeKey}`,
    payload: { clientId: email.clientId, to: email.to, kind: email.kind, data: email.data, dedupeKey: email.dedupeKey },
    runAt: email.runAt,
  });
  return id;
}
