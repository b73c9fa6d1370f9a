import {
  type CompleteResult,
  checkoutMessages,
  paymentMessages,
  type TenderType,
  tillTenders,
  toastMessages,
  toMoney,
} from '@app/contracts';
import { creditKindOf } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { carts } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { ProviderUnavailable } from '../../payments/providers';
import { actingUserId } from '../auth/acting-for';
import { type CartRow, itemsOfCart } from '../cart/queries';
import { cartView } from '../cart/service';
import { creditBalances, insertLedgerRows, lockCustomer } from '../credits/queries';
import { requireBasketReady } from '../restrictions/checkout-gate';
import { fulfil } from './fulfil';
import {
  completeCart,
  findTransactionBy,
  insertOrder,
  insertOrderLines,
  insertPaymentLines,
  lockCartById,
  lockTransaction,
  type TransactionRow,
  updateTransaction,
} from './queries';
import { checkTerms } from './service';

export interface CompleteRequest {
  transactionUuid: string | undefined;
  /** Absent on the session call: the transaction's own hash stands for it. */
  itemHash: string | undefined;
  terms: boolean;
  selectedUserId: number | undefined;
  /** The waiver agreements made for this order on the /attendees page (doc 1: completed_waivers). */
  completedWaivers?: number[] | undefined;
}

export interface Completed {
  result: CompleteResult;
  message: string;
}

type Stored = CompleteResult & { message: string };
const storedOf = (t: TransactionRow): Completed | null => {
  if ((t.status !== 'completed' && t.status !== 'voided') || !t.result) return null;
  const { message, ...result } = t.result as Stored;
  return { result, message };
};

/**
 * Turns an authorised transaction into an order (docs/decisions/008 and 032):
 * 1. the provider takes the money, once per transaction however often this runs (its idempotent capture);
 * 2. under the transaction's row lock, one database transaction settles the held places (or takes them again, or
 *    credits them when gone), spends the credit lines, delivers every other line, writes the order, its lines and
 *    tender lines, and closes the basket.
 * A repeat (a retry, another tab, 50 at once) waits on the lock and returns the first answer word for word. A second
 * transaction for a basket another tab already paid is voided (its money given back) and answers with that order.
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
  if (first.status !== 'authorised') throw new AppError('transaction_not_authorised');
  if (req.itemHash !== undefined && req.itemHash !== first.itemHash) throw new AppError('basket_changed');

  const provider = first.amount > 0 ? c.providers.forClient(first.provider) : null;
  const [cart0] = await c.db.select({ status: carts.status }).from(carts).where(eq(carts.id, first.cartId));
  if (cart0?.status === 'open') await requireBasketReady(c, { id: first.cartId, userId }, req.completedWaivers ?? []);
  let captured = false;
  if (provider && cart0?.status === 'open') {
    let taken: Awaited<ReturnType<typeof provider.complete>>;
    try {
      taken = await provider.complete({
        transactionUuid: uuid,
        reference: first.providerReference,
        amount: first.amount,
        currency: first.currency,
      });
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      taken = { status: 'failed', message: paymentMessages.completeFailed };
    }
    if (taken.status !== 'captured') throw new AppError('payment_provider_failed', { message: paymentMessages.completeFailed });
    captured = true;
  }

  let giveBack = false;
  let release = false;
  try {
    const done = await inTransaction(c.db, async (tx): Promise<Completed> => {
      const t = await lockTransaction(tx, c.client.id, userId, uuid);
      if (!t) throw new AppError('not_found');
      const stored = storedOf(t);
      if (stored) return stored;
      if (t.status !== 'authorised') throw new AppError('transaction_not_authorised');
      const cart = await lockCartById(tx, t.cartId);
      if (!cart) throw new AppError('not_found');
      const now = c.clock.now();
      if (cart.status !== 'open' && cart.completeOrderId !== null) {
        // Another tab paid this basket: this payment is voided and answers with that order.
        giveBack = captured;
        release = !captured && provider !== null;
        const orderId = cart.completeOrderId;
        const result: Stored = {
          complete_order_id: orderId,
          order_id: orderId,
          status: 'success',
          error: null,
          credited: null,
          message: toastMessages.orderCompleted,
        };
        await updateTransaction(tx, t.uuid, { status: 'voided', result, updatedAt: now });
        return storedOf({ ...t, status: 'voided', result }) as Completed;
      }
      const view = await cartView(tx, c, cart, null);
      if (view.item_hash !== t.itemHash) throw new AppError('basket_changed');

      const { orderId, credited } = await placeOrder(tx, c, {
        cart,
        userId,
        total: view.totals.total,
        payments: t.payments,
        cardTransactionUuid: t.uuid,
        tillId: null,
        now,
      });
      const money = credited > 0 ? toMoney(credited, c.client.currency) : null;
      const result: Stored = {
        complete_order_id: orderId,
        order_id: orderId,
        status: 'success',
        error: null,
        credited: money,
        message: money ? checkoutMessages.lateCredited(money.formatted) : toastMessages.orderCompleted,
      };
      await updateTransaction(tx, t.uuid, { status: 'completed', orderId, result, updatedAt: now });
      return storedOf({ ...t, status: 'completed', result }) as Completed;
    });
    if (giveBack) await refundQuietly(c, first);
    if (release) await cancelQuietly(c, first);
    return done;
  } catch (err) {
    // The money was taken but no order could be written (the basket or credit changed meanwhile): give it back.
    if (captured && err instanceof AppError) {
      await refundQuietly(c, first);
      await updateTransaction(c.db, uuid, { status: 'failed', errorCode: err.code, errorMessage: err.message, updatedAt: c.clock.now() });
    }
    throw err;
  }
}

/** Lets go of an authorisation that will never be captured; a failure only means the hold lapses on its own. */
async function cancelQuietly(c: AuthedCtx, t: TransactionRow): Promise<void> {
  try {
    await c.providers
      .forClient(t.provider)
      .cancel?.({ transactionUuid: t.uuid, reference: t.providerReference, amount: t.amount, currency: t.currency });
  } catch (err) {
    console.error(`cancelling transaction ${t.uuid} failed`, err instanceof Error ? err.message : err);
  }
}

/** Gives money back; a failure is logged for staff to follow up, never shown in place of the real answer. */
async function refundQuietly(c: AuthedCtx, t: TransactionRow): Promise<void> {
  try {
    const provider = c.providers.forClient(t.provider);
    const r = await provider.refund({ transactionUuid: t.uuid, reference: t.providerReference, amount: t.amount, currency: t.currency });
    if (r.status !== 'refunded') console.error(`refund of transaction ${t.uuid} failed: ${r.message}`);
  } catch (err) {
    console.error(`refund of transaction ${t.uuid} failed`, err instanceof Error ? err.message : err);
  }
}

export interface OrderInput {
  cart: CartRow;
  userId: number;
  total: number;
  payments: { tender_type: string; amount: number }[];
  /** The card transaction the card line belongs to, if any. */
  cardTransactionUuid: string | null;
  /** Front of house: the till of cash, cheque and offline-voucher lines. */
  tillId: string | null;
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
  return { orderId: order.id, credited };
}
