import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { carts, paymentTransactions } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { cartView } from '../cart/service';
import { requireBasketReady } from '../restrictions/checkout-gate';
import { type Completed, orderAnswer, type Stored, storedFailure, storedOf } from './answers';
import { lockCartById, lockTransaction, type TransactionRow } from './queries';
import { oweRelease } from './refunds';

/** What the claim step decided for one complete call. */
export type Claim =
  /** Already decided: the stored answer. */
  | { kind: 'answer'; answer: Completed }
  /** This call voided the transaction (the basket was paid by another): release its authorisation, answer. */
  | { kind: 'voided'; answer: Completed }
  /** This transaction, or another of the same basket, is being captured right now: wait for it. */
  | { kind: 'wait' }
  /** This call may capture: the transaction is `capturing` under this attempt. */
  | { kind: 'capture'; t: TransactionRow };

/** Another transaction of the same basket is being captured (its money may be moving). */
async function anotherCapturing(tx: Tx, t: TransactionRow): Promise<boolean> {
  const [row] = await tx
    .select({ uuid: paymentTransactions.uuid })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.cartId, t.cartId), eq(paymentTransactions.status, 'capturing'), ne(paymentTransactions.uuid, t.uuid)))
    .limit(1);
  return row !== undefined;
}

/**
 * What a basket's order answered (the transaction that paid it), so every tab that paid the same basket is told the
 * same, credit included; an order paid otherwise (the front desk) answers with its id.
 */
export async function answerOfPaidCart(tx: Tx, cartId: number, orderId: number): Promise<Stored> {
  const [paid] = await tx
    .select({ result: paymentTransactions.result })
    .from(paymentTransactions)
    .where(
      and(eq(paymentTransactions.cartId, cartId), eq(paymentTransactions.status, 'completed'), eq(paymentTransactions.orderId, orderId)),
    )
    .limit(1);
  return (paid?.result as Stored | undefined) ?? orderAnswer(orderId, null);
}

/**
 * Marks the transaction `capturing` under a new attempt, conditionally on the status and attempt it was read with.
 * Committed before any money moves, it is the durable record that a capture may be under way.
 */
export async function startCapture(tx: Tx, t: TransactionRow, now: Date): Promise<TransactionRow | null> {
  const [row] = await tx
    .update(paymentTransactions)
    .set({ status: 'capturing', captureAttempt: sql`${paymentTransactions.captureAttempt} + 1`, captureStartedAt: now, updatedAt: now })
    .where(
      and(
        eq(paymentTransactions.uuid, t.uuid),
        eq(paymentTransactions.status, t.status),
        eq(paymentTransactions.captureAttempt, t.captureAttempt),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The caller gives up its capture without knowing what happened (the provider did not answer): the attempt is
 * marked as abandoned at once, so the next complete of the transaction, or the reconciliation job, takes it over
 * without waiting out the grace period. Conditional on the attempt, so a capture already taken over is left alone.
 */
export async function abandonCapture(c: AuthedCtx, t: TransactionRow): Promise<void> {
  const longAgo = new Date(c.clock.now().getTime() - c.config.captureGraceSeconds * 1000);
  await c.db
    .update(paymentTransactions)
    .set({ captureStartedAt: longAgo })
    .where(
      and(
        eq(paymentTransactions.uuid, t.uuid),
        eq(paymentTransactions.status, 'capturing'),
        eq(paymentTransactions.captureAttempt, t.captureAttempt),
      ),
    );
}

/** A capture that has been under way longer than the grace period was abandoned (its process died). */
export const isAbandoned = (t: TransactionRow, now: Date, graceSeconds: number): boolean =>
  t.status === 'capturing' && (t.captureStartedAt === null || t.captureStartedAt.getTime() + graceSeconds * 1000 <= now.getTime());

/**
 * The claim step of completion (docs/decisions/070-money-moves-once.md): one short database transaction, before any
 * money moves, with the transaction row and then the basket row locked. A decided transaction answers as it did; a
 * basket already paid voids this transaction (its authorisation released, never captured); a capture of this or
 * another transaction of the basket under way means wait (unless it was abandoned: then this call takes it over);
 * otherwise this transaction becomes `capturing` and the caller may capture.
 */
export async function claimCapture(c: AuthedCtx, userId: number, uuid: string, completedWaivers: number[]): Promise<Claim> {
  return inTransaction(c.db, async (tx): Promise<Claim> => {
    const t = await lockTransaction(tx, c.client.id, userId, uuid);
    if (!t) throw new AppError('not_found');
    const stored = storedOf(t);
    if (stored) return { kind: 'answer', answer: stored };
    const failure = storedFailure(t);
    if (failure) throw failure;
    const now = c.clock.now();
    if (t.status === 'capturing') {
      if (!isAbandoned(t, now, c.config.captureGraceSeconds)) return { kind: 'wait' };
      const mine = await startCapture(tx, t, now);
      return mine ? { kind: 'capture', t: mine } : { kind: 'wait' };
    }
    if (t.status !== 'authorised') throw new AppError('transaction_not_authorised');
    // A paid basket stays paid, and a capture elsewhere is only waited for: both are read before taking the basket's
    // lock, so the many tabs of one basket do not queue on it once the order is written.
    const [seen] = await tx.select().from(carts).where(eq(carts.id, t.cartId));
    if (!seen) throw new AppError('not_found');
    if (seen.status === 'open' && (await anotherCapturing(tx, t))) return { kind: 'wait' };
    const cart = seen.status === 'open' ? await lockCartById(tx, t.cartId) : seen;
    if (!cart) throw new AppError('not_found');
    if (cart.status !== 'open') {
      if (cart.completeOrderId === null) throw new AppError('basket_changed');
      // Another tab paid this basket: this payment is voided, never captured, and answers as that order did.
      const result = await answerOfPaidCart(tx, cart.id, cart.completeOrderId);
      const voided = await tx
        .update(paymentTransactions)
        .set({ status: 'voided', result, updatedAt: now })
        .where(and(eq(paymentTransactions.uuid, t.uuid), eq(paymentTransactions.status, 'authorised')))
        .returning();
      if (voided.length === 0) throw new Error(`transaction ${t.uuid} changed under its lock`);
      await oweRelease(tx, t, now);
      return { kind: 'voided', answer: storedOf({ ...t, status: 'voided', result }) as Completed };
    }
    if (await anotherCapturing(tx, t)) return { kind: 'wait' };
    const view = await cartView(tx, c, cart, null);
    if (view.item_hash !== t.itemHash) throw new AppError('basket_changed');
    // Waivers and required answers are checked while the basket is locked and before any money moves (decision 081).
    await requireBasketReady(c, { id: cart.id, userId }, completedWaivers, tx);
    const mine = await startCapture(tx, t, now);
    if (!mine) throw new Error(`transaction ${t.uuid} changed under its lock`);
    return { kind: 'capture', t: mine };
  });
}
