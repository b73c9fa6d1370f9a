import {
  type CompleteResult,
  checkoutMessages,
  defaultCartSource,
  type FohPayBody,
  type TenderType,
  tenderTypes,
  tillTenders,
  toastMessages,
  toMoney,
} from '@app/contracts';
import type { AuthedCtx } from '../../http/context';
import { AppError, fieldError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { actingUserId } from '../auth/acting-for';
import { lockOpenCart } from '../cart/queries';
import { cartView } from '../cart/service';
import { placeOrder } from '../checkout/place-order';
import { paymentMismatch } from '../checkout/service';
import { requireBasketReady } from '../restrictions/checkout-gate';
import { audit } from '../staff/audit';
import { openSessionForPayment } from '../staff/tills';

/** Tenders staff may take at the desk: every tender but `online` (that goes through checkout and a provider). */
const deskTenders = new Set<string>(tenderTypes.filter((t) => t !== 'online'));

/**
 * Front of house: staff take payment for a customer's basket at the desk (POST /api/foh/checkout/pay). The tender
 * lines must add up to the basket's total; cash, cheque and offline vouchers go through a till; credit lines spend
 * the customer's credit. The order is written exactly as an online one, in one transaction with the basket locked,
 * so a double press finds the basket already paid.
 */
export async function fohPay(c: AuthedCtx, body: FohPayBody): Promise<{ result: CompleteResult; message: string }> {
  const userId = await actingUserId(c, body.selected_user_id);
  body.payments.forEach((p, i) => {
    if (!deskTenders.has(p.tender_type)) throw fieldError({ [`payments.${i}.tender_type`]: [checkoutMessages.notDeskTender] });
  });
  if (!body.till_id && body.payments.some((p) => tillTenders.includes(p.tender_type as TenderType))) {
    throw new AppError('till_required', { fieldErrors: { till_id: [checkoutMessages.tillRequired] } });
  }
  return inTransaction(c.db, async (tx) => {
    const cart = await lockOpenCart(tx, c.client.id, userId, body.source ?? defaultCartSource);
    const view = await cartView(tx, c, cart, body.selected_user_id);
    if (view.items.length === 0) throw new AppError('basket_empty');
    if (view.items.some((i) => i.expired)) throw new AppError('basket_item_expired');
    if (view.item_hash !== body.item_hash) throw new AppError('basket_changed');
    await requireBasketReady(c, cart, [], tx);
    const paid = body.payments.reduce((n, p) => n + p.amount, 0);
    if (paid !== view.totals.total) throw paymentMismatch();
    // A named till must be open here; the payment's lines are recorded against its session for the cash-up.
    const tillSessionId = body.till_id ? await openSessionForPayment(c, tx, body.till_id) : null;
    const { orderId, credited } = await placeOrder(tx, c, {
      cart,
      userId,
      total: view.totals.total,
      payments: body.payments,
      cardTransactionUuid: null,
      tillId: body.till_id ?? null,
      tillSessionId,
      now: c.clock.now(),
    });
    await audit(
      c,
      'order.paid_at_desk',
      userId,
      { order_id: orderId, total: view.totals.total, tenders: body.payments.map((p) => p.tender_type), till_id: body.till_id ?? null },
      tx,
    );
    const money = credited > 0 ? toMoney(credited, c.client.currency) : null;
    return {
      result: { complete_order_id: orderId, order_id: orderId, status: 'success', error: null, credited: money },
      message: money ? checkoutMessages.lateCredited(money.formatted) : toastMessages.orderCompleted,
    };
  });
}
