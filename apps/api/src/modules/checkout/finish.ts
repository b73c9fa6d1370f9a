import { paymentMessages, toMoney } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { paymentTransactions } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import type { CaptureOutcome } from '../../payments/providers';
import { cartView } from '../cart/service';
import { type Completed, orderAnswer, type Stored, storedOf } from './answers';
import { answerOfPaidCart } from './claim';
import { placeOrder } from './place-order';
import { lockCartById, type TransactionRow } from './queries';
import { oweRefund } from './refunds';

/** What finishing a capture decided, for the reconciliation's record. */
export interface FinishRecord {
  action: 'completed' | 'refunded' | 'failed';
  orderId: number | null;
  refundId: string | null;
}

export type Finished =
  /** Someone else finished (or took over) this capture meanwhile: their answer stands. */
  | { kind: 'superseded' }
  | { kind: 'answer'; answer: Completed; refundIds: string[] }
  | { kind: 'error'; error: AppError; refundIds: string[] };

/**
 * The finish step of completion (decision 070): one database transaction that moves `capturing` to its end, only if
 * the transaction is still in the attempt this caller captured under. With the money taken, the order is written
 * (places settled, re-taken or credited, decision 033) and the transaction is `completed`; if the basket was paid by
 * another tab meanwhile it is `voided`, and if the order cannot be written (basket or credit changed) it is
 * `failed`; either way what was captured is owed back by a durable refund written in the same transaction. A capture
 * the provider declined ends `failed` with nothing taken.
 */
export async function finishCapture(
  c: AuthedCtx,
  claimed: TransactionRow,
  outcome: CaptureOutcome,
  record?: (tx: Tx, r: FinishRecord) => Promise<void>,
): Promise<Finished> {
  return inTransaction(c.db, async (tx): Promise<Finished> => {
    const [t] = await tx
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.uuid, claimed.uuid), eq(paymentTransactions.clientId, c.client.id)))
      .for('update');
    if (t?.status !== 'capturing' || t.captureAttempt !== claimed.captureAttempt) return { kind: 'superseded' };
    const now = c.clock.now();
    const end = async (status: 'completed' | 'voided' | 'failed', values: Partial<TransactionRow>) => {
      const done = await tx
        .update(paymentTransactions)
        .set({ status, updatedAt: now, ...values })
        .where(
          and(
            eq(paymentTransactions.uuid, t.uuid),
            eq(paymentTransactions.status, 'capturing'),
            eq(paymentTransactions.captureAttempt, t.captureAttempt),
          ),
        )
        .returning({ uuid: paymentTransactions.uuid });
      if (done.length === 0) throw new Error(`transaction ${t.uuid} changed under its lock`);
    };

    if (outcome.status === 'declined') {
      const error = new AppError('payment_provider_failed', { message: paymentMessages.completeFailed });
      await end('failed', { errorCode: error.code, errorMessage: error.message, capturedAmount: 0 });
      await record?.(tx, { action: 'failed', orderId: null, refundId: null });
      return { kind: 'error', error, refundIds: [] };
    }

    const captured = outcome.amount;
    const giveBack = async (reason: string): Promise<string[]> => {
      if (captured <= 0) return [];
      return [await oweRefund(tx, t, captured, reason, now)];
    };
    const cart = await lockCartById(tx, t.cartId);
    if (cart && cart.status !== 'open' && cart.completeOrderId !== null) {
      // Another payment (another tab, the front desk) paid this basket while this one was being captured.
      const result = await answerOfPaidCart(tx, cart.id, cart.completeOrderId);
      const refundIds = await giveBack('basket_already_paid');
      await end('voided', { result, capturedAmount: captured });
      await record?.(tx, { action: refundIds.length ? 'refunded' : 'failed', orderId: null, refundId: refundIds[0] ?? null });
      return { kind: 'answer', answer: storedOf({ ...t, status: 'voided', result }) as Completed, refundIds };
    }

    let placed: { orderId: number; credited: number } | AppError;
    try {
      // A savepoint: when the order cannot be written, what it wrote is undone and the failure is recorded instead.
      placed = await tx.transaction(async (sp) => {
        if (cart?.status !== 'open') throw new AppError('basket_changed');
        const view = await cartView(sp, c, cart, null);
        if (view.item_hash !== t.itemHash) throw new AppError('basket_changed');
        return placeOrder(sp, c, {
          cart,
          userId: t.userId,
          total: view.totals.total,
          payments: t.payments,
          cardTransactionUuid: t.uuid,
          tillId: null,
          now,
        });
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      placed = err;
    }
    if (placed instanceof AppError) {
      const refundIds = await giveBack(placed.code);
      await end('failed', { errorCode: placed.code, errorMessage: placed.message, capturedAmount: captured });
      await record?.(tx, { action: refundIds.length ? 'refunded' : 'failed', orderId: null, refundId: refundIds[0] ?? null });
      return { kind: 'error', error: placed, refundIds };
    }

    const money = placed.credited > 0 ? toMoney(placed.credited, c.client.currency) : null;
    const result: Stored = orderAnswer(placed.orderId, money);
    await end('completed', { orderId: placed.orderId, result, capturedAmount: captured });
    await record?.(tx, { action: 'completed', orderId: placed.orderId, refundId: null });
    return { kind: 'answer', answer: storedOf({ ...t, status: 'completed', result }) as Completed, refundIds: [] };
  });
}
