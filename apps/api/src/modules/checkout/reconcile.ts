import { and, eq, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clients, paymentReconciliations, paymentTransactions } from '../../db/schema';
import type { AuthedCtx, Deps } from '../../http/context';
import { enqueue, type JobRow } from '../../jobs/queue';
import type { JobDefinition } from '../../jobs/types';
import type { CaptureOutcome, PaymentLookup } from '../../payments/providers';
import { findClientByKey } from '../tenancy/queries';
import { isAbandoned } from './claim';
import { type FinishRecord, finishCapture } from './finish';
import type { TransactionRow } from './queries';
import { refundNow } from './refunds';

export const RECONCILE_SCAN_JOB = 'payments.reconcile';
export const RECONCILE_TRANSACTION_JOB = 'payments.reconcile-transaction';

/** At most this many abandoned captures are taken up per scan; the next scan takes the rest. */
const SCAN_LIMIT = 100;

/**
 * The periodic scan (every RECONCILE_SECONDS, one process at a time): every capture under way for longer than the
 * grace period (CAPTURE_GRACE_SECONDS) was abandoned by a process that died or lost the provider's answer. Each gets
 * its own job, once per capture attempt, so one provider that does not answer is retried with backoff on its own.
 */
export const reconcileScan: JobDefinition = {
  exclusive: true,
  async run(_job, { deps, now }) {
    const before = new Date(now.getTime() - deps.config.captureGraceSeconds * 1000);
    const stuck = await deps.db
      .select({ uuid: paymentTransactions.uuid, attempt: paymentTransactions.captureAttempt })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.status, 'capturing'), lte(paymentTransactions.captureStartedAt, before)))
      .orderBy(paymentTransactions.captureStartedAt)
      .limit(SCAN_LIMIT);
    for (const t of stuck) {
      await enqueue(deps.db, now, {
        name: RECONCILE_TRANSACTION_JOB,
        uniqueKey: `${t.uuid}:${t.attempt}`,
        payload: { transactionUuid: t.uuid },
      });
    }
  },
};

/** The context the checkout's steps need, for a transaction when no request is there: its client, its customer. */
async function ctxFor(deps: Deps, t: TransactionRow): Promise<AuthedCtx> {
  const [row] = await deps.db.select({ identifier: clients.identifier }).from(clients).where(eq(clients.id, t.clientId));
  const client = row ? await findClientByKey(deps.db, row.identifier) : null;
  if (!client) throw new Error(`transaction ${t.uuid}: client ${t.clientId} vanished`);
  return { ...deps, client, user: { id: t.userId, role: 'customer', tokenHash: '', via: 'bearer' } };
}

/** What the provider says, with a credit-only transaction (no provider) as nothing to take. */
async function lookupAt(c: AuthedCtx, t: TransactionRow): Promise<PaymentLookup> {
  if (t.amount === 0 || t.provider === 'credit') return { status: 'captured', captured: 0, refunded: 0 };
  const provider = await c.providers.forClient(t.provider, t.clientId);
  return provider.lookup({ transactionUuid: t.uuid, reference: t.providerReference, amount: t.amount, currency: t.currency });
}

/**
 * Settles one abandoned capture by what the provider's own record says: money taken means the capture finishes as
 * it would have (the order written, places settled, re-taken or credited per decision 033; or the money refunded
 * when the basket was paid otherwise or changed); an authorisation never captured is released and the transaction
 * fails with nothing taken. This job never captures: the customer is not there to be told. What it did is a
 * payment_reconciliations row, written with the decision. A provider that does not answer throws, so the job is
 * retried with backoff.
 */
export const reconcileTransaction: JobDefinition = {
  async run(job: JobRow, { deps, now }) {
    const uuid = String(job.payload.transactionUuid);
    const [t] = await deps.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, uuid));
    // Finished meanwhile, or taken over by the customer's own retry (which will finish it): nothing to do.
    if (!t || !isAbandoned(t, now, deps.config.captureGraceSeconds)) return;
    const c = await ctxFor(deps, t);
    let found = await lookupAt(c, t);
    const firstSeen = found;
    let released = false;
    if (found.status === 'authorised') {
      const provider = await c.providers.forClient(t.provider, t.clientId);
      const after = await provider.release?.({
        transactionUuid: t.uuid,
        reference: t.providerReference,
        amount: t.amount,
        currency: t.currency,
      });
      released = true;
      // A capture that was still travelling may have landed before the release: the provider's record decides (as its
      // release answered it, where that tells more than its lookup: decision 201).
      found = after ?? (await lookupAt(c, t));
      if (found.status === 'authorised') throw new Error(`transaction ${uuid}: the authorisation could not be released yet`);
    }
    const outcome: CaptureOutcome =
      found.status === 'captured'
        ? { status: 'captured', amount: found.captured - found.refunded }
        : { status: 'declined', message: `provider says ${found.status}` };
    const record = async (tx: Tx, r: FinishRecord) => {
      await tx.insert(paymentReconciliations).values({
        clientId: t.clientId,
        transactionUuid: t.uuid,
        providerStatus: firstSeen.status,
        capturedAmount: found.captured,
        action: released && r.action === 'failed' ? 'released' : r.action,
        orderId: r.orderId,
        refundId: r.refundId,
        detail: `capture attempt ${t.captureAttempt} started ${t.captureStartedAt?.toISOString() ?? 'unknown'} was abandoned`,
        createdAt: deps.clock.now(),
      });
    };
    const finished = await finishCapture(c, t, outcome, record);
    if (finished.kind !== 'superseded') for (const id of finished.refundIds) await refundNow(deps, id);
  },
};

/** Reconciliation rows of a transaction, newest last: for staff tools and tests. */
export async function reconciliationsOf(deps: Pick<Deps, 'db'>, transactionUuid: string) {
  return deps.db
    .select()
    .from(paymentReconciliations)
    .where(eq(paymentReconciliations.transactionUuid, transactionUuid))
    .orderBy(sql`${paymentReconciliations.id}`);
}
