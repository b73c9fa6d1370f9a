import { paymentMessages } from '@app/contracts';
import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';
import { type CaptureOutcome, ProviderUnavailable } from '../../payments/providers';
import { actingUserId } from '../auth/acting-for';
import { type Completed, storedOf } from './answers';
import { abandonCapture, claimCapture } from './claim';
import { finishCapture } from './finish';
import { findTransactionBy, type TransactionRow } from './queries';
import { refundNow, releaseNow } from './refunds';
import { checkTerms } from './service';

export type { Completed } from './answers';

export interface CompleteRequest {
  transactionUuid: string | undefined;
  /** Absent on the session call: the transaction's own hash stands for it. */
  itemHash: string | undefined;
  terms: boolean;
  selectedUserId: number | undefined;
  /** The waiver agreements made for this order on the /attendees page (doc 1: completed_waivers). */
  completedWaivers?: number[] | undefined;
}

/** How long a complete waits for a capture of the same basket running elsewhere before answering "still in progress". */
const WAIT_MS = 30_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The capture's outcome is not known to this call (no answer, an answer the provider adapter did not expect, an error
 * of ours while finishing): the attempt is marked abandoned at once, so the customer's next complete takes it over
 * (capturing again is safe) and the reconciliation job settles it on its next run by asking the provider, and the
 * customer is told the spec's 'Failed to complete payment' (a 502), never a 500 and never a wait that ends in 409.
 */
async function leaveToReconciliation(c: AuthedCtx, t: TransactionRow, err: unknown): Promise<never> {
  if (!(err instanceof ProviderUnavailable))
    c.log.error({ err, transaction: t.uuid }, 'capture ended unexpectedly; left to reconciliation');
  try {
    await abandonCapture(c, t);
  } catch (markErr) {
    // The database is failing too: the attempt is then taken over after the grace period instead.
    c.log.error({ err: markErr, transaction: t.uuid }, 'could not mark the capture abandoned');
  }
  throw new AppError('payment_provider_failed', { message: paymentMessages.completeFailed });
}

/**
 * Takes the money of a claimed transaction, once (the provider's capture is idempotent per transaction), then
 * finishes it. When this call cannot know what happened to the money, nothing is decided here
 * (leaveToReconciliation).
 */
export async function captureAndFinish(c: AuthedCtx, t: TransactionRow): Promise<Completed | null> {
  let outcome: CaptureOutcome;
  if (t.amount === 0 || t.provider === 'credit') {
    outcome = { status: 'captured', amount: 0 };
  } else {
    try {
      const provider = await c.providers.forClient(t.provider, t.clientId);
      outcome = await provider.capture({ transactionUuid: t.uuid, reference: t.providerReference, amount: t.amount, currency: t.currency });
    } catch (err) {
      return leaveToReconciliation(c, t, err);
    }
  }
  let finished: Awaited<ReturnType<typeof finishCapture>>;
  try {
    finished = await finishCapture(c, t, outcome);
  } catch (err) {
    // Finishing rolled back (its decision and the order are one database transaction): the money may be taken.
    return leaveToReconciliation(c, t, err);
  }
  if (finished.kind === 'superseded') return null;
  for (const id of finished.refundIds) await refundNow(c, id);
  if (finished.kind === 'error') throw finished.error;
  return finished.answer;
}

/**
 * Turns an authorised transaction into an order, whatever else runs at the same time
 * (docs/decisions/070-money-moves-once.md): claim (no money moves), capture, finish. Every call of a transaction
 * returns the same answer: a repeat that arrives while the transaction (or another of its basket) is being captured
 * waits for that to end, and never captures or refunds on its own. A transaction for a basket another tab already
 * paid is voided without being captured, and answers with that order.
 */
export async function completePayment(c: AuthedCtx, req: CompleteRequest): Promise<Completed> {
  checkTerms(c, req.terms);
  if (!req.transactionUuid) throw new AppError('no_transaction_id');
  const uuid = req.transactionUuid;
  const userId = await actingUserId(c, req.selectedUserId);
  const first = await findTransactionBy(c.db, c.client.id, userId, { uuid });
  if (!first) throw new AppError('not_found');
  const earlier = storedOf(first);
  if (earlier) return earlier;
  if (req.itemHash !== undefined && req.itemHash !== first.itemHash) throw new AppError('basket_changed');

  const deadline = Date.now() + WAIT_MS;
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    const claim = await claimCapture(c, userId, uuid, req.completedWaivers ?? []);
    if (claim.kind === 'answer') return claim.answer;
    if (claim.kind === 'voided') {
      await releaseNow(c, uuid);
      return claim.answer;
    }
    if (claim.kind === 'capture') {
      const done = await captureAndFinish(c, claim.t);
      if (done) return done;
    }
    if (Date.now() > deadline) throw new AppError('payment_in_progress');
    await sleep(pause);
  }
}
