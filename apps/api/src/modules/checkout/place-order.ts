import { type TenderType, tillTenders } from '@app/contracts';
import { creditKindOf } from '@app/domain';
import type { Tx } from '../../db/client';
import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';
import { type CartRow, itemsOfCart } from '../cart/queries';
import { creditBalances, insertLedgerRows, lockCustomer } from '../credits/queries';
import { queueOrderEmails } from '../notifications/order-emails';
import { fulfil } from './fulfil';
import { completeCart, insertOrder, insertOrderLines, insertPaymentLines } from './queries';

export interface OrderInput {
  cart: CartRow;
  userId: number;
  total: number;
  payments: { tender_type: string; amount: number }[];
  /** The card transaction the card line belongs to, if any. */
  cardTransactionUuid: string | null;
  /** Front of house: the till of cash, cheque and offline-voucher lines. */
  tillId: string | null;
  /** Front of house: the open till session every tender line of this payment is recorded against (decision 161). */
  tillSessionId?: number | null;
  now: Date;
}

/**
 * Writes an order for a locked, open basket in the caller's transaction: the credit lines are spent (refused if the
 * balance no longer covers them), every line is delivered (fulfil.ts), then the order's lines, its tender lines and
 * the credit movements are written and the basket closes.
 */
export async function placeOrder(tx: Tx, c: AuthedCtx, o: OrderInput): Promise<{ orderId: number; credited: number }> {
  const { cart, userId, now } = o;
  await lockCustomer(tx, c.client.id, userId);
  const balances = await creditBalances(tx, c.client.id, userId, now);
  const creditLines = o.payments.flatMap((p) => {
    const kind = creditKindOf(p.tender_type);
    return kind ? [{ kind, amount: p.amount }] : [];
  });
  for (const kind of ['membership', 'general'] as const) {
    const spent = creditLines.filter((p) => p.kind === kind).reduce((n, p) => n + p.amount, 0);
    if (spent > balances[kind]) throw new AppError('credit_changed');
  }
  const order = await insertOrder(tx, {
    clientId: c.client.id,
    userId,
    cartId: cart.id,
    cartSource: cart.source,
    source: c.user.role === 'staff' && userId !== c.user.id ? 'foh' : 'online',
    status: 'success',
    currency: c.client.currency,
    total: o.total,
    balance: 0,
    createdAt: now,
  });
  const { lines, credited } = await fulfil(tx, c, await itemsOfCart(tx, cart.id), order.id, userId, now);
  await insertOrderLines(tx, lines);
  await insertPaymentLines(
    tx,
    o.payments.map((p) => ({
      clientId: c.client.id,
      orderId: order.id,
      tenderType: p.tender_type,
      amount: p.amount,
      transactionUuid: p.tender_type === 'card' ? o.cardTransactionUuid : null,
      tillId: tillTenders.includes(p.tender_type as TenderType) ? o.tillId : null,
      tillSessionId: o.tillSessionId ?? null,
      createdAt: now,
    })),
  );
  await insertLedgerRows(
    tx,
    creditLines.map((p) => ({
      clientId: c.client.id,
      userId,
      kind: p.kind,
      amount: -p.amount,
      reason: 'Paid towards an order',
      orderId: order.id,
      createdAt: now,
    })),
  );
  await completeCart(tx, cart.id, order.id, now);
  // The confirmation and receipt exist exactly when the order does (decision 105).
  await queueOrderEmails(tx, { clientId: c.client.id, orderId: order.id, userId, total: o.total, now });
  return { orderId: order.id, credited };
}
