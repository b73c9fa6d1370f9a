import {
  type AuthoriseBody,
  type AuthoriseResult,
  type CompleteBody,
  type CompleteResult,
  defaultCartSource,
  type PaymentSession,
  paymentMessages,
  toMoney,
} from '@app/contracts';
import type { AuthedCtx } from '../../http/context';
import { AppError, fieldError } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { inTransaction } from '../../lib/transaction';
import { actingUserId } from '../auth/acting-for';
import { findOpenCart } from '../cart/queries';
import { cartView } from '../cart/service';
import {
  completeCart,
  findPaymentSession,
  findTransactionBy,
  insertOrder,
  insertOrderLines,
  insertPaymentLines,
  insertPaymentSession,
  insertTransaction,
  lockCartById,
  lockTransaction,
  settleBookings,
  type TransactionRow,
  updateTransaction,
} from './queries';

const SESSION_MINUTES = 30;

/** The basket a checkout call is about, as the customer sees it, refused if it cannot be paid for now. */
async function payableCart(c: AuthedCtx, selectedUserId: number | undefined, source: string | undefined) {
  const userId = await actingUserId(c, selectedUserId);
  const cart = await findOpenCart(c.db, c.client.id, userId, source ?? defaultCartSource);
  if (!cart) throw new AppError('basket_empty');
  const view = await cartView(c.db, c, cart, selectedUserId ?? null);
  if (view.items.length === 0) throw new AppError('basket_empty');
  if (view.items.some((i) => i.expired)) throw new AppError('basket_item_expired');
  return { userId, cart, view };
}

export async function prepare(c: AuthedCtx, query: { source?: string; selected_user_id?: number }): Promise<PaymentSession> {
  const { userId, cart, view } = await payableCart(c, query.selected_user_id, query.source);
  const provider = c.providers.forClient(c.client.paymentProvider);
  const key = randomId('ps_', 32);
  const now = c.clock.now();
  await insertPaymentSession(c.db, {
    key,
    clientId: c.client.id,
    userId,
    cartId: cart.id,
    provider: provider.name,
    expiresAt: new Date(now.getTime() + SESSION_MINUTES * 60_000),
    createdAt: now,
  });
  const session = await provider.prepare({
    clientId: c.client.id,
    sessionKey: key,
    amount: view.totals.balance,
    currency: c.client.currency,
  });
  return {
    payment_provider: provider.name,
    session_key: key,
    mode: session.mode,
    url: session.url,
    saved_card: null,
    client_secret: session.clientSecret,
    amount: toMoney(view.totals.balance, c.client.currency),
    item_hash: view.item_hash,
  };
}

function toAuthoriseResult(t: TransactionRow): AuthoriseResult {
  const failed = t.status === 'failed';
  return {
    transaction_uuid: t.uuid,
    transaction_status: t.status === 'sca_required' ? 'sca_required' : failed || t.status === 'pending' ? 'failed' : 'authorised',
    error: failed ? { code: t.errorCode ?? 'payment_declined', message: t.errorMessage ?? paymentMessages.declined } : null,
    sca_url: null,
    sca_method: null,
    sca_data: null,
    client_secret: null,
    return_url: null,
  };
}

/** A repeat of an authorise that is still running waits for the first to finish, then answers the same. */
async function settledResult(
  c: AuthedCtx,
  userId: number,
  by: { cardIdentifier?: string; idempotencyKey?: string },
): Promise<AuthoriseResult | null> {
  for (let waited = 0; waited <= 10_000; waited += 100) {
    const existing = await findTransactionBy(c.db, c.client.id, userId, by);
    if (!existing) return null;
    if (existing.status !== 'pending') return toAuthoriseResult(existing);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new AppError('transaction_not_authorised');
}

function checkTerms(c: AuthedCtx, terms: boolean): void {
  if (c.client.termsHtml && !terms)
    throw new AppError('terms_required', { fieldErrors: { terms: ['You must agree to the Terms and Conditions.'] } });
}

/** The card amount: the basket's balance, which any payment lines sent must add up to. */
function cardAmount(balance: number, payments: { tender_type: string; amount: number }[]): number {
  if (payments.length === 0) return balance;
  if (payments.some((p) => p.tender_type !== 'card')) throw fieldError({ payments: ['Only card payments can be taken online.'] });
  const sum = payments.reduce((n, p) => n + p.amount, 0);
  if (sum !== balance)
    throw new AppError('payment_mismatch', { fieldErrors: { payments: ['The payments do not cover the amount to pay.'] } });
  return sum;
}

/**
 * Asks the provider to authorise the basket's balance. Idempotent: the card identifier is single use and the
 * Idempotency-Key header names an attempt, so a repeat returns the first attempt's answer and never charges twice.
 */
export async function authorise(c: AuthedCtx, body: AuthoriseBody, idempotencyKey: string | undefined): Promise<AuthoriseResult> {
  checkTerms(c, body.terms);
  if (!body.card_identifier) throw fieldError({ card_identifier: ['Required'] });
  if (!body.session_key) throw new AppError('payment_session_not_found');
  const userId = await actingUserId(c, body.selected_user_id);
  const by = idempotencyKey ? { idempotencyKey } : { cardIdentifier: body.card_identifier };
  const earlier = await settledResult(c, userId, by);
  if (earlier) return earlier;

  const { cart, view } = await payableCart(c, body.selected_user_id, body.source);
  if (body.item_hash !== view.item_hash) throw new AppError('basket_changed');
  const amount = cardAmount(view.totals.balance, body.payments);
  const now = c.clock.now();
  const session = await findPaymentSession(c.db, body.session_key, c.client.id, userId, now);
  if (!session || session.cartId !== cart.id) throw new AppError('payment_session_not_found');
  const provider = c.providers.forClient(session.provider);

  const created = await insertTransaction(c.db, {
    clientId: c.client.id,
    userId,
    cartId: cart.id,
    provider: provider.name,
    status: 'pending',
    amount,
    currency: c.client.currency,
    itemHash: view.item_hash,
    payments: [{ tender_type: 'card', amount }],
    cardIdentifier: body.card_identifier,
    idempotencyKey: idempotencyKey ?? null,
    createdAt: now,
    updatedAt: now,
  });
  if (!created) return (await settledResult(c, userId, by)) as AuthoriseResult;

  const outcome = await provider.authorise({
    transactionUuid: created.uuid,
    sessionKey: body.session_key,
    cardIdentifier: body.card_identifier,
    amount,
    currency: c.client.currency,
  });
  const updated = await updateTransaction(
    c.db,
    created.uuid,
    outcome.status === 'authorised'
      ? {
          status: 'authorised',
          providerReference: outcome.reference,
          cardLast4: outcome.last4,
          cardBrand: outcome.brand,
          updatedAt: c.clock.now(),
        }
      : outcome.status === 'declined'
        ? {
            status: 'failed',
            errorCode: outcome.code,
            errorMessage: outcome.message,
            cardLast4: outcome.last4,
            cardBrand: outcome.brand,
            updatedAt: c.clock.now(),
          }
        : { status: 'sca_required', providerReference: outcome.reference, updatedAt: c.clock.now() },
  );
  return toAuthoriseResult(updated);
}

/**
 * Turns an authorised transaction into an order, in one database transaction under the transaction's row lock:
 * held places become settled bookings, the order and its lines and tender lines are written, the basket closes.
 * A repeat (another tab, a retry, 50 at once) waits on the lock and then returns the same order.
 */
export async function complete(c: AuthedCtx, body: CompleteBody): Promise<CompleteResult> {
  checkTerms(c, body.terms);
  const userId = await actingUserId(c, body.selected_user_id);
  const order = await inTransaction(c.db, async (tx) => {
    const t = await lockTransaction(tx, c.client.id, userId, body.transaction_uuid);
    if (!t) throw new AppError('not_found');
    if (t.status === 'completed' && t.orderId !== null) return { id: t.orderId };
    if (t.status !== 'authorised') throw new AppError('transaction_not_authorised');
    if (body.item_hash !== t.itemHash) throw new AppError('basket_changed');
    const cart = await lockCartById(tx, t.cartId);
    if (cart?.status !== 'open') throw new AppError('basket_changed');
    const view = await cartView(tx, c, cart, null);
    if (view.item_hash !== t.itemHash) throw new AppError('basket_changed');
    if (view.items.some((i) => i.expired)) throw new AppError('basket_item_expired');

    const now = c.clock.now();
    const created = await insertOrder(tx, {
      clientId: c.client.id,
      userId,
      cartId: cart.id,
      cartSource: cart.source,
      source: c.user.role === 'staff' && userId !== c.user.id ? 'foh' : 'online',
      status: 'success',
      currency: c.client.currency,
      total: view.totals.total,
      balance: 0,
      createdAt: now,
    });
    const settled = await settleBookings(
      tx,
      view.items.map((i) => i.id),
      created.id,
    );
    const bookingOf = new Map(settled.map((s) => [s.cartItemId, s.id]));
    await insertOrderLines(
      tx,
      view.items.map((i) => ({
        clientId: c.client.id,
        orderId: created.id,
        cartItemId: i.id,
        kind: i.kind,
        name: i.name,
        quantity: i.quantity,
        unitPrice: i.price.raw,
        lineTotal: i.line_total.value,
        bookingId: bookingOf.get(i.id) ?? null,
      })),
    );
    await insertPaymentLines(tx, [
      { clientId: c.client.id, orderId: created.id, tenderType: 'card', amount: t.amount, transactionUuid: t.uuid, createdAt: now },
    ]);
    await completeCart(tx, cart.id, created.id, now);
    await updateTransaction(tx, t.uuid, { status: 'completed', orderId: created.id, updatedAt: now });
    return { id: created.id };
  });
  return { complete_order_id: order.id, order_id: order.id, status: 'success', error: null };
}
