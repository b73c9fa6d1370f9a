import { type Cart, type CreditApplyBody, defaultCartSource, toastMessages } from '@app/contracts';
import { applyCredits } from '@app/domain';
import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { actingUserId } from '../auth/acting-for';
import { lockOpenCart, touchCart } from '../cart/queries';
import { basketTotal, cartView, paymentLinesOf, savePaymentLines } from '../cart/service';
import { auditForCustomer } from '../staff/audit';
import { creditBalances } from './queries';

/**
 * POST /api/credits/apply: puts membership and/or general credit on the basket as payment lines (a credit line
 * replaces the earlier line of its kind; 0 takes it off). Nothing is spent until the order completes, where the
 * balance is checked again under the customer's lock. Any amount above what may be applied refuses the whole request.
 */
export async function applyCredit(c: AuthedCtx, body: CreditApplyBody): Promise<Cart> {
  const userId = await actingUserId(c, body.selected_user_id);
  const cart = await inTransaction(c.db, async (tx) => {
    const cart = await lockOpenCart(tx, c.client.id, userId, body.cart_source ?? defaultCartSource);
    const total = await basketTotal(tx, cart.id);
    const balances = await creditBalances(tx, c.client.id, userId, c.clock.now());
    const applied = applyCredits(paymentLinesOf(cart), body.credits_to_reserve, balances, total);
    if (!applied.ok) {
      throw new AppError('credit_not_applied', {
        fieldErrors: { [`credits_to_reserve.${applied.index}.amount`]: [toastMessages.creditFailed] },
      });
    }
    await touchCart(tx, cart.id, c.clock.now());
    await auditForCustomer(c, 'basket.credit_applied', userId, { credits: body.credits_to_reserve }, tx);
    return savePaymentLines(tx, cart, applied.lines, total);
  });
  return cartView(c.db, c, cart, body.selected_user_id ?? null);
}
