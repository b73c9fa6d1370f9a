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
 * Takes the money of a claimed transaction, once (the provider's capture is idempotent per transaction), then
 * finishes it. A provider that does not answer leaves the transaction `capturing`, marked abandoned: the money may
 * have moved, so nothing is decided here; the customer's next complete (capturing again, safely) or the
 * reconciliation job (asking the provider) settles it.
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
      if (!(err instanceof ProviderUnavailable)) throw err;
      await abandonCapture(c, t);
      throw new AppError('payment_provider_failed', { message: paymentMessages.completeFailed });
    }
  }
  const finished = await finishCapture(c, t, outcome);
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
