import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { paymentRefunds, paymentTransactions } from '../../db/schema';
import type { Deps } from '../../http/context';
import { enqueue } from '../../jobs/queue';
import { randomId } from '../../lib/ids';
import { inTransaction } from '../../lib/transaction';
import { refreshRefundStatusOfTransaction } from '../orders/refund-status';
import type { TransactionRow } from './queries';

/** How long the durable refund job waits before it steps in for the immediate attempt (a crash, no answer). */
const BACKSTOP_SECONDS = 30;

export const REFUND_JOB = 'payments.refund';
export const RELEASE_JOB = 'payments.release';

/**
 * Records that `amount` of a transaction's captured money is owed back, in the caller's transaction (the one that
 * decides it): a pending refund with its own id (the provider's idempotency key) and the durable job that carries it
 * out if the immediate attempt (refundNow) does not. Answers the refund id.
 */
export async function oweRefund(tx: Tx, t: TransactionRow, amount: number, reason: string, now: Date): Promise<string> {
  const id = randomId('rf_', 24);
  await tx.insert(paymentRefunds).values({
    id,
    clientId: t.clientId,
    transactionUuid: t.uuid,
    amount,
    currency: t.currency,
    reason,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
  });
  await enqueue(tx, now, {
    name: REFUND_JOB,
    uniqueKey: id,
    payload: { refundId: id },
    runAt: new Date(now.getTime() + BACKSTOP_SECONDS * 1000),
  });
  return id;
}

/**
 * Carries out a pending refund with the provider and records the answer; a refund already decided is left alone.
 * Safe to run any number of times, at once too: the provider refunds a refund id once, and the pending -> succeeded
 * change (which adds to the transaction's refunded amount) happens once. Throws when the provider cannot be reached,
 * so the job tries again later.
 */
export async function executeRefund(deps: Deps, refundId: string): Promise<void> {
  const [refund] = await deps.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  if (refund?.status !== 'pending') return;
  const [t] = await deps.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, refund.transactionUuid));
  if (!t) throw new Error(`refund ${refundId}: transaction vanished`);
  const provider = await deps.providers.forClient(t.provider, t.clientId);
  const recorded = await deps.db
    .select({ reference: paymentRefunds.providerReference })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.transactionUuid, t.uuid), eq(paymentRefunds.status, 'succeeded')));
  const outcome = await provider.refund({
    refundId,
    recordedRefunds: recorded.flatMap((r) => (r.reference ? [r.reference] : [])),
    transactionUuid: t.uuid,
    reference: t.providerReference,
    amount: refund.amount,
    currency: refund.currency,
  });
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const decided = await tx
      .update(paymentRefunds)
      .set(
        outcome.status === 'refunded'
          ? { status: 'succeeded', providerReference: outcome.reference, updatedAt: now }
          : { status: 'failed', error: outcome.message, updatedAt: now },
      )
      .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'pending')))
      .returning({ id: paymentRefunds.id });
    if (decided.length > 0 && outcome.status === 'refunded') {
      await tx
        .update(paymentTransactions)
        .set({ refundedAmount: sql`${paymentTransactions.refundedAmount} + ${refund.amount}` })
        .where(eq(paymentTransactions.uuid, t.uuid));
      // What went back changed: the order's refund_status counts refunds the provider confirmed (decision 190).
      await refreshRefundStatusOfTransaction(tx, t.uuid);
    }
  });
  // A refusal is final: staff see the refund as failed (with the provider's reason) and settle it by hand.
  if (outcome.status === 'failed') console.error(`refund ${refundId} of transaction ${t.uuid} was refused: ${outcome.message}`);
}

/** The immediate attempt at a refund just owed; if it fails, the durable job tries again. */
export async function refundNow(deps: Deps, refundId: string): Promise<void> {
  try {
    await executeRefund(deps, refundId);
  } catch (err) {
    console.error(`refund ${refundId} will be retried: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Records, in the caller's transaction, that an authorisation that will never be captured should be let go. */
export async function oweRelease(tx: Tx, t: TransactionRow, now: Date): Promise<void> {
  await enqueue(tx, now, {
    name: RELEASE_JOB,
    uniqueKey: t.uuid,
    payload: { transactionUuid: t.uuid },
    runAt: new Date(now.getTime() + BACKSTOP_SECONDS * 1000),
  });
}

/** Lets go of a voided transaction's authorisation at the provider (nothing was captured). Throws to be retried. */
export async function executeRelease(deps: Deps, transactionUuid: string): Promise<void> {
  const [t] = await deps.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, transactionUuid));
  if (t?.status !== 'voided' || t.capturedAmount > 0 || t.provider === 'credit') return;
  const provider = await deps.providers.forClient(t.provider, t.clientId);
  const after = await provider.release?.({
    transactionUuid: t.uuid,
    reference: t.providerReference,
    amount: t.amount,
    currency: t.currency,
  });
  // The provider says the money was taken after all (Opayo's refusal "already released"; decision 201): nothing of
  // ours took it, so staff must look.
  if (after?.status === 'captured')
    console.error(`voided transaction ${t.uuid}: the provider reports ${after.captured} taken; settle it by hand`);
}

export async function releaseNow(deps: Deps, transactionUuid: string): Promise<void> {
  try {
    await executeRelease(deps, transactionUuid);
  } catch (err) {
    console.error(`releasing transaction ${transactionUuid} will be retried: ${err instanceof Error ? err.message : String(err)}`);
  }
}
