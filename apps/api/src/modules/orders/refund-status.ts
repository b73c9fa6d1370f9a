import { refundStatusOf } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookingCancellations, orders, paymentLines, paymentRefunds } from '../../db/schema';

/**
 * An order's refund_status (decision 190), kept true by whoever changes what went back: a cancellation (in its
 * transaction, which holds the order's row from its start) and a refund's answer from the provider (refunds.ts, for
 * cancellations and anything else refunded against the order's card payment, e.g. by the durable job or after a
 * reconciliation). It counts what has gone back: card refunds the provider confirmed (owed but not yet confirmed,
 * or refused, count nothing: a refused refund never reads 'full'), credit written to the ledger, and money to give
 * back at the desk (off-system).
 *
 * Every writer locks the order's row first and reads the sums after the lock, so each sees every change committed
 * before it and the last to write wrote the truth: two cancellations, or a cancellation and a refund's answer, on one
 * order never leave a stale status.
 */
export async function lockOrder(tx: Tx, orderId: number): Promise<{ total: number } | undefined> {
  const [o] = await tx.select({ total: orders.total }).from(orders).where(eq(orders.id, orderId)).for('update');
  return o;
}

/** Recomputes the order's refund_status; the caller holds the order's lock (lockOrder). */
export async function refreshRefundStatus(tx: Tx, orderId: number): Promise<void> {
  const [o] = await tx.select({ total: orders.total }).from(orders).where(eq(orders.id, orderId));
  if (!o) return;
  const [given] = await tx
    .select({
      credit: sql<string>`coalesce(sum(${bookingCancellations.membershipCredit} + ${bookingCancellations.generalCredit}), 0)`,
      offSystem: sql<string>`coalesce(sum(${bookingCancellations.offSystem}), 0)`,
    })
    .from(bookingCancellations)
    .where(eq(bookingCancellations.orderId, orderId));
  const [card] = await tx
    .select({ n: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)` })
    .from(paymentRefunds)
    .where(
      sql`${paymentRefunds.status} = 'succeeded' AND ${paymentRefunds.transactionUuid} IN
        (SELECT ${paymentLines.transactionUuid} FROM ${paymentLines} WHERE ${paymentLines.orderId} = ${orderId})`,
    );
  const status = refundStatusOf(o.total, {
    card: Number(card?.n ?? 0),
    credit: Number(given?.credit ?? 0),
    offSystem: Number(given?.offSystem ?? 0),
  });
  await tx.update(orders).set({ refundStatus: status }).where(eq(orders.id, orderId));
}

/** A refund's answer came back: the refund_status of the order whose card payment it was against, under its lock. */
export async function refreshRefundStatusOfTransaction(tx: Tx, transactionUuid: string): Promise<void> {
  const owners = await tx
    .selectDistinct({ orderId: paymentLines.orderId })
    .from(paymentLines)
    .where(eq(paymentLines.transactionUuid, transactionUuid));
  for (const { orderId } of owners.sort((a, b) => a.orderId - b.orderId)) {
    await lockOrder(tx, orderId);
    await refreshRefundStatus(tx, orderId);
  }
}
